import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirst } from './apps/api/src/test/slowest-first.ts';

/** The API tests' settings, shared by the projects that run API test files. */
const apiProject = {
  root: 'apps/api',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Migrates and seeds once per run; each file copies that database (src/test/snapshot.ts, docs/testing.md).
  globalSetup: ['./src/test/global-setup.ts'],
  // Password hashes at the least cost in the test processes (no test is about it; server processes keep the full one).
  setupFiles: ['./src/test/setup.ts'],
  // One module graph per worker, not one per file: importing the app anew for every file was most of the
  // suite's time. Safe because the app keeps no state in modules (each createTestApp builds its own; module
  // throttles are keyed by the app's database) and tests restore their fake timers and spies.
  isolate: false,
  // Both cores: one worker (vitest's default of cores − 1) left one idle while a file waited on itself.
  maxWorkers: 2,
};

/**
 * One runner for every layer; `npm test` (scripts/test.ts) runs the unit and api projects in one invocation, beside
 * the checks, then the e2e project.
 */
export default defineConfig({
  test: {
    // jsdom lays nothing out, so Mantine's focus trap never finds a focusable element in an open menu and prints the
    // whole DOM node (hundreds of lines of React fibres) each time; in a browser it does (the e2e tests open them).
    onConsoleLog: (log) => !log.includes('[@mantine/hooks/use-focus-trap]'),
    // The API test files start longest first, by their recorded durations (apps/api/src/test/slowest-first.ts), so
    // no long file starts last and runs alone while the other worker idles; other projects' files come after them.
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure schemas and rules with no state in modules: one module graph per worker (zod and the contract imported
          // once), on both cores as the web project (the same number of workers keeps them in one group).
          isolate: false,
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          ...apiProject,
          name: 'api',
          include: ['src/**/*.test.ts'],
          // Needs two running instances behind a proxy: its own project, run by scripts/scale-out-test.sh.
          // Conformance tests need artefacts kept outside the repository: their own project (below).
          exclude: [...configDefaults.exclude, 'src/scale-out.test.ts', '**/*.conformance.test.ts'],
        },
      },
      {
        // The e-invoice against the official UBL 2.1 XSD and EN 16931 / SI-UBL 2.0 schematrons, read from
        // UBL_VALIDATION_DIR (default ../shared/ubl-validation): `npm run test:ubl-conformance`, docs/invoices.md.
        test: {
          ...apiProject,
          name: 'ubl-conformance',
          include: ['src/**/*.conformance.test.ts'],
          // The schematrons are compiled once per machine, about a minute each the first time.
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'scale-out',
          root: 'apps/api',
          include: ['src/scale-out.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          // Four files share the two cores, so a test takes longer than it did alone on a loaded machine: the longest
          // (Mollie's walk through every screen size) took 109 s at a load of 27–35 in four workers.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Four workers, each with its own server on its own copy of the demo data (global-setup.ts): a worker runs
          // its files one after another, and no two share data (docs/testing.md, 'Browser tests'). More workers than
          // cores: a browser test waits (on its server, on Chromium, for the network to be quiet) more than it
          // computes, so two workers left the cores mostly idle (docs/decisions/0068).
          fileParallelism: true,
          maxWorkers: 4,
          // A worker imports playwright-core, axe and the helpers once for all its files instead of once per file,
          // and launches one Chromium for them (support/browser.ts `launch`); the helpers keep nothing else per file
          // in modules, and each test opens its own browser context.
          isolate: false,
          // `expect.poll` waits for what the server does after an answer (an outbox mail, a job) or the page after
          // a click: vitest's 1 s default failed such checks when the shared machine was loaded (load 40 on 2 cores).
          expect: { poll: { timeout: 15_000 } },
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
