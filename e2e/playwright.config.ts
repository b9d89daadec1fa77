import { defineConfig } from '@playwright/test';
import { settleTestSlowdown } from '../scripts/test-slowdown.ts';
import { CHROMIUM_FLAGS, E2E_BASE_URL } from './support/e2e-constants.ts';
import { scaled } from './support/slowdown.ts';

// Every timeout below and in the tests is multiplied by STEWARD_TEST_SLOWDOWN (support/slowdown.ts); unset, this
// measures the machine once, in the runner, and the workers it starts inherit the value. Actions and
// navigations have no timeout of their own: the test's bounds them.
await settleTestSlowdown();

/**
 * Browser tests in Debian's Chromium against the shipped build (`node apps/server/dist/main.js`, after
 * `npm run build`) on its own fresh data directory: see support/global-setup.ts.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
});
