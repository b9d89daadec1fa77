import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { scaled, settleTestSlowdown } from './scripts/test-slowdown.ts';

// Every timeout below and in the tests is multiplied by STEWARD_TEST_SLOWDOWN (apps/server/src/test/slowdown.ts);
// unset, this measures the machine once, and the test processes inherit the value.
await settleTestSlowdown();
/** Vitest's own defaults (5 s a test, 10 s a hook), stretched like every other timeout. */
const timeouts = { testTimeout: scaled(5_000), hookTimeout: scaled(10_000) };

/** Unit and API tests of every package; `npm run test:pg` runs the server project again on PostgreSQL. */
export default defineConfig({
  test: {
    // Each server test file runs its own single-threaded PGlite; two workers match the two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          // A worker keeps its imported modules from one test file to the next: importing the server's module graph
          // again for each of ~200 files cost more than a third of the run. Each file still opens its own database
          // and app; no test mocks a module or changes the environment (eslint.config.js keeps it so), and none may
          // leave a built-in prototype changed (the guard fails the file that does).
          isolate: false,
          setupFiles: ['src/test/built-in-prototypes-guard.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
        },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...timeouts,
        },
      },
      {
        test: {
          name: 'widget',
          root: 'apps/widget',
          include: ['src/**/*.test.ts'],
          environment: 'jsdom',
          ...timeouts,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          ...timeouts,
          // findBy/waitFor's limit (src/test/setup.ts): their default 1 s is too short for a first render on a loaded 2-core machine.
          provide: { asyncUtilTimeout: scaled(5_000) },
        },
      },
    ],
  },
});
