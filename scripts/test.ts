/**
 * `npm test`: everything, in two steps.
 *
 * 1. The checks (`npm run check`: lint, knip, typecheck, OpenAPI lint) beside one vitest run of the unit and API
 *    tests (the projects `contract`, `web` and `api`). The checks use the cores while vitest starts and its global
 *    set-up seeds the API tests' database (one core's work), and the unit files fill the API files' tail (the api
 *    project's files start first, longest first: apps/api/src/test/slowest-first.ts). One vitest start instead of two.
 * 2. When all of that passed, the browser tests (`npm run test:e2e`).
 *
 * vitest's output streams as it comes; the checks' output is kept and printed as one block when they end (scripts/
 * check.ts prints each check's block with its time). A failure fails the whole with its output, and a closing line
 * names what failed. `npm run check`, `npm run test:unit`, `npm run test:api` and `npm run test:e2e` each still run
 * their part alone.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

type Outcome = { code: number; seconds: number };

/** Runs a command in the repository's root; its output goes to `sink` (default: this process's, as it comes). */
function run(command: string, args: string[], sink?: (chunk: Buffer) => void): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', sink ? 'pipe' : 'inherit', sink ? 'pipe' : 'inherit'],
    });
    if (sink) {
      child.stdout?.on('data', sink);
      child.stderr?.on('data', sink);
    }
    const done = (code: number) => resolve({ code, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => {
      sink?.(Buffer.from(`\n${String(error)}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (o: Outcome) => `${o.seconds.toFixed(0)} s`;

const checkOutput: Buffer[] = [];
const [check, tests] = await Promise.all([
  run('npm', ['run', '--silent', 'check'], (chunk) => checkOutput.push(chunk)).then((outcome) => {
    process.stdout.write(`\n══ npm run check (beside the unit and API tests)\n${Buffer.concat(checkOutput)}`);
    return outcome;
  }),
  run('npx', ['vitest', 'run', '--project', 'contract', '--project', 'web', '--project', 'api']),
]);
const failed = [
  ...(check.code === 0 ? [] : [`npm run check (${seconds(check)})`]),
  ...(tests.code === 0 ? [] : [`the unit and API tests (${seconds(tests)})`]),
];
if (failed.length > 0) {
  console.error(`\ntest: FAILED: ${failed.join('; ')}. The browser tests were not run.`);
  process.exitCode = 1;
} else {
  console.log(`\ntest: checks ${seconds(check)}, unit and API tests ${seconds(tests)}; now the browser tests`);
  const e2e = await run('npm', ['run', 'test:e2e']);
  if (e2e.code !== 0) {
    console.error(`\ntest: FAILED: the browser tests (${seconds(e2e)})`);
    process.exitCode = 1;
  } else
    console.log(
      `\ntest: all passed (checks ${seconds(check)}, unit and API ${seconds(tests)}, browser ${seconds(e2e)})`,
    );
}
