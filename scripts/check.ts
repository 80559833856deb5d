/**
 * `npm run check` (the first step of `npm test`): Biome, knip, the TypeScript check and the OpenAPI lint side by side
 * instead of one after another. Each runs as its own process with its output kept; when one ends, its output is
 * printed as one block under a heading with its time and result, so they never interleave. Exits 1 when any failed,
 * after all have ended (one failure does not hide another's).
 *
 *   npm run check                                     # all four
 *   node --import tsx scripts/check.ts typecheck knip # only the named ones
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each check is an npm script of the root package.json, so running one alone stays `npm run <name>`. */
const CHECKS = ['lint', 'knip', 'typecheck', 'lint:openapi'] as const;
type Check = (typeof CHECKS)[number];

function isCheck(name: string): name is Check {
  return (CHECKS as readonly string[]).includes(name);
}

type Outcome = { name: Check; code: number; output: string; seconds: number };

function run(name: Check): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // npm itself would add its own lines ('> ateliermarkt@ lint'); the output is the check's only.
    const child = spawn('npm', ['run', '--silent', name], {
      cwd: root,
      // Colours as in a terminal when this one is a terminal; the output is buffered, so the tools do not see one.
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    const done = (code: number, extra = '') =>
      resolve({
        name,
        code,
        output: Buffer.concat(chunks).toString('utf8') + extra,
        seconds: (performance.now() - started) / 1000,
      });
    child.on('error', (error) => done(1, `\n${String(error)}\n`));
    child.on('close', (code, signal) => done(code ?? 1, signal ? `\nended by ${signal}\n` : ''));
  });
}

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !isCheck(a));
if (unknown.length > 0) {
  console.error(`check: unknown ${unknown.join(', ')}; known: ${CHECKS.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? asked.filter(isCheck) : [...CHECKS];

const started = performance.now();
const outcomes = await Promise.all(
  chosen.map((name) =>
    run(name).then((outcome) => {
      const verdict = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
      const body = outcome.output.trimEnd();
      process.stdout.write(`\n── ${name}: ${verdict}, ${outcome.seconds.toFixed(1)} s\n${body ? `${body}\n` : ''}`);
      return outcome;
    }),
  ),
);
const failed = outcomes.filter((o) => o.code !== 0).map((o) => o.name);
const total = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length > 0) {
  console.error(`\ncheck: FAILED: ${failed.join(', ')} (${total} s)`);
  process.exitCode = 1;
} else console.log(`\ncheck: ${chosen.join(', ')} ok (${total} s)`);
