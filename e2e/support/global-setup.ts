import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT, startBuiltServer } from './built-server.ts';
import {
  E2E_ADMIN,
  E2E_ASSISTANT_NAME,
  E2E_BASE_URL,
  E2E_BOT_API_KEY,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SEEDS_FILE,
  E2E_WIDGET_HOST_ORIGIN,
  E2E_WORK_DIR,
} from './e2e-constants.ts';

/** The browser tests' server: the shipped bundle on a fresh DATA_DIR, started as a user starts it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(E2E_WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DATA_DIR, { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seed-raw-rows.ts'), E2E_DATA_DIR, E2E_SEEDS_FILE], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
  });
  const server = await startBuiltServer({
    PORT: String(E2E_PORT),
    DATA_DIR: E2E_DATA_DIR,
    PUBLIC_URL: E2E_BASE_URL,
    ASSISTANT_NAME: E2E_ASSISTANT_NAME,
    BOT_API_KEY: E2E_BOT_API_KEY,
    STEWARD_ADMIN_EMAIL: E2E_ADMIN.email,
    STEWARD_ADMIN_PASSWORD: E2E_ADMIN.password,
    STEWARD_ADMIN_NAME: E2E_ADMIN.name,
    // Tests only: the Documents tests serve PDFs from a loopback server for the server to fetch by URL.
    ALLOW_PRIVATE_URLS: 'true',
    // The chat widget tests embed the widget in a page of this other origin (chat-widget.spec.ts).
    BOT_ALLOWED_ORIGINS: E2E_WIDGET_HOST_ORIGIN,
  });
  return async () => {
    await server.stop();
    fs.rmSync(E2E_WORK_DIR, { recursive: true, force: true });
  };
}
