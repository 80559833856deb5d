import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    // A form test types, saves and waits; on a loaded 2-core machine that outlasted vitest's default 5 s.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph per worker, not one per file: setting up jsdom and importing Mantine, React and
    // the contract anew for every file was about two thirds of the step's CPU. Safe because src/test/setup.ts puts
    // back after each test what a test may leave in the page or in a module (the rendered tree, Mantine's
    // notification store, storage, the address, the style sheets jsdom keeps), the app keeps no other state in
    // modules that a test sets, and the tests restore their stubs and spies (docs/testing.md, 'One module graph per
    // worker'). The one file that needs a module fresh imports it after `vi.resetModules()` (first-paint-copy).
    isolate: false,
    // Both cores (vitest's default is cores − 1, one worker on this machine). The contract project has the same
    // number: vitest runs projects with different numbers of workers in separate groups, one after the other.
    maxWorkers: 2,
  },
});
