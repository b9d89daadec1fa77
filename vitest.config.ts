import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'widget',
          root: 'apps/widget',
          include: ['src/**/*.test.ts'],
          environment: 'jsdom',
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
        },
      },
    ],
  },
});
