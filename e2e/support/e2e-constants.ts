import os from 'node:os';
import path from 'node:path';

/** Shared between the e2e harness and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The chat widget tests' host site: another origin (another loopback port) that embeds the widget.
 * The e2e server lists it in BOT_ALLOWED_ORIGINS.
 */
export const E2E_WIDGET_HOST_PORT = Number(process.env.E2E_WIDGET_HOST_PORT ?? E2E_PORT + 10_000);
export const E2E_WIDGET_HOST_ORIGIN = `http://127.0.0.1:${E2E_WIDGET_HOST_PORT}`;
export const E2E_BOT_API_KEY = 'e2e-bot-api-key-0123456789abcdef';
export const E2E_PASSWORD = 'Dashboard-Pass-1';
export const E2E_ASSISTANT_NAME = 'Acme Helper';
/** The first administrator, created by the server itself from STEWARD_ADMIN_* on its first start. */
export const E2E_ADMIN = { name: 'First Admin', email: 'first-admin@example.com', password: 'First-Admin-Pass-1' } as const;

/** The run's scratch folder: the server's DATA_DIR and the seeds file live here, one per port. */
export const E2E_WORK_DIR = path.join(os.tmpdir(), `steward-e2e-${E2E_PORT}`);
export const E2E_DATA_DIR = path.join(E2E_WORK_DIR, 'data');
export const E2E_SEEDS_FILE = path.join(E2E_WORK_DIR, 'seeds.json');

/** How every browser of the tests starts Debian's Chromium (Playwright's and Lighthouse's). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
