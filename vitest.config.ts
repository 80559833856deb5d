import { configDefaults, defineConfig } from 'vitest/config';

/** One runner for every layer; `npm test` picks the projects in order (unit, api, e2e). */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          // Needs two running instances behind a proxy: its own project, run by scripts/scale-out-test.sh.
          exclude: [...configDefaults.exclude, 'src/scale-out.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates and seeds once per run; each file copies that database (src/test/snapshot.ts, docs/testing.md).
          globalSetup: ['./src/test/global-setup.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
