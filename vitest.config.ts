import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Some suites generate SSB data once in beforeAll (seconds of CPU); a busy 2-core machine needs room.
          hookTimeout: 60_000,
        },
      },
      {
        // One real server per run: BPLAB_FLAVOR picks which (scripts/test-all.sh runs each flavor in turn).
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // The files run one after another in one process that keeps its imported modules: importing
          // bplab's main side again for each of 34 files took 199 s of a 1,244 s MariaDB 11.8 run here.
          isolate: false,
        },
      },
    ],
  },
});
