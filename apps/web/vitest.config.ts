import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    // A form test types, saves and waits; on a loaded 2-core machine that outlasted vitest's default 5 s.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
