import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm test` picks them in order (see scripts/test.mjs).
export default defineConfig({
  test: {
    // A worker per core: vitest's default leaves one core to its main process, which only waits here (on 2 cores
    // the server suite took 421 s on one worker, 306 s on two).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules (importing the server anew per file was half the suite's time): each
          // builds its own app on its own database (buildTestApp), module mocks are refused by lint, and spies are
          // restored before every test.
          isolate: false,
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Generous: a slower 2-core machine takes twice the time of the one the journeys were written on.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A worker per core, each journey file on its worker's own server (e2e/global-setup.ts); after the
          // other projects when they run together.
          maxWorkers: Number(process.env.E2E_WORKERS) || availableParallelism(),
          sequence: { groupOrder: 1 },
          // A page waits on lazy chunks, locales and API calls: give polled assertions time.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
