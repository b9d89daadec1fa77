import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { openDatabase } from '@steward/server/test-support';
import { ownServersBudget, REPOSITORY_ROOT, SERVER_BUNDLE, startBuiltServer } from '../support/built-server.ts';
import { E2E_DATA_DIR, E2E_PORT } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * What a person sees when the shipped server cannot start: one line saying what is wrong and what
 * to do, never a stack trace, and no server left half-running.
 */
function startAndFail(environment: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [SERVER_BUNDLE], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...environment },
    encoding: 'utf8',
    timeout: scaled(60_000),
  });
  return { status: result.status, stderr: result.stderr };
}

function expectOneClearLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Steward cannot start: /);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'steward-start-up-'));

test.describe('start-up of the shipped server', () => {
  test('a port in use', () => {
    const result = startAndFail({ PORT: String(E2E_PORT), DATA_DIR: path.join(scratch(), 'data') });
    expect(result.status).toBe(1);
    expectOneClearLine(result.stderr, new RegExp(`port ${E2E_PORT} is already in use.*set PORT`));
  });

  test('a DATA_DIR that is not a writable directory', () => {
    const file = path.join(scratch(), 'a-file');
    fs.writeFileSync(file, 'not a directory');
    for (const dataDir of [file, path.join(file, 'below')]) {
      const result = startAndFail({ PORT: '0', DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expectOneClearLine(result.stderr, new RegExp(`DATA_DIR ${dataDir.replaceAll('/', '\\/')} is not a directory Steward can write`));
    }
  });

  test('a DATA_DIR another server uses', () => {
    const result = startAndFail({ PORT: '0', DATA_DIR: E2E_DATA_DIR });
    expect(result.status).toBe(1);
    expectOneClearLine(result.stderr, /Another Steward process \(pid \d+\) is already using DATA_DIR/);
  });

  test('a wrong setting', () => {
    const result = startAndFail({ PORT: 'eighty', DATA_DIR: path.join(scratch(), 'data') });
    expect(result.status).toBe(1);
    expectOneClearLine(result.stderr, /Invalid PORT/);
  });

  test('a database a newer version of Steward upgraded', async () => {
    test.setTimeout(ownServersBudget(2));
    const dataDir = path.join(scratch(), 'data');
    const first = await startBuiltServer({ PORT: String(E2E_PORT + 6), DATA_DIR: dataDir });
    await first.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      await database.execScript(`INSERT INTO schema_migrations (name) VALUES ('9900-from-a-newer-version')`);
    } finally {
      await database.close();
    }
    const result = startAndFail({ PORT: '0', DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expectOneClearLine(
      result.stderr,
      /this database was upgraded by a newer version of Steward: it holds migration 9900-from-a-newer-version, which this version does not know\. Start the newer version, or restore the backup/,
    );
  });

  test('a missing or stale dashboard build, or a missing chat widget build', async () => {
    // A copy of the shipped tree, so the real build stays untouched for the other tests.
    const copy = scratch();
    for (const part of ['apps/server/dist', 'apps/server/package.json', 'apps/web/package.json', 'apps/web/dist']) {
      fs.cpSync(path.join(REPOSITORY_ROOT, part), path.join(copy, part), { recursive: true });
    }
    // The copy's own @steward/web, and every other package from the real install.
    fs.mkdirSync(path.join(copy, 'node_modules', '@steward'), { recursive: true });
    for (const entry of fs.readdirSync(path.join(REPOSITORY_ROOT, 'node_modules'))) {
      if (entry !== '@steward') fs.symlinkSync(path.join(REPOSITORY_ROOT, 'node_modules', entry), path.join(copy, 'node_modules', entry));
    }
    fs.symlinkSync(path.join(copy, 'apps', 'web'), path.join(copy, 'node_modules', '@steward', 'web'));
    const serverModules = path.join(REPOSITORY_ROOT, 'apps', 'server', 'node_modules');
    if (fs.existsSync(serverModules)) fs.symlinkSync(serverModules, path.join(copy, 'apps', 'server', 'node_modules'));
    const run = () =>
      spawnSync(process.execPath, [path.join(copy, 'apps/server/dist/main.js')], {
        cwd: copy,
        env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(copy, 'data'), LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: scaled(60_000),
      });
    const index = path.join(copy, 'apps/web/dist/index.html');
    fs.appendFileSync(index, '<!-- rebuilt without the server -->');
    const stale = run();
    expect(stale.status).toBe(1);
    expectOneClearLine(stale.stderr, /dashboard build in .* does not match this server build: run `npm run build`/);

    fs.rmSync(index);
    const missing = run();
    expect(missing.status).toBe(1);
    expectOneClearLine(missing.stderr, /the dashboard is not built .*run `npm run build`/);

    // The dashboard is there again, but the chat widget (its package without a dist/) is not.
    fs.copyFileSync(path.join(REPOSITORY_ROOT, 'apps/web/dist/index.html'), index);
    fs.mkdirSync(path.join(copy, 'apps', 'widget'), { recursive: true });
    fs.copyFileSync(path.join(REPOSITORY_ROOT, 'apps/widget/package.json'), path.join(copy, 'apps', 'widget', 'package.json'));
    fs.symlinkSync(path.join(copy, 'apps', 'widget'), path.join(copy, 'node_modules', '@steward', 'widget'));
    const noWidget = run();
    expect(noWidget.status).toBe(1);
    expectOneClearLine(noWidget.stderr, /the chat widget is not built .*run `npm run build`/);
  });

  test('a good start serves the dashboard at deep links, and its assets', async ({ request }) => {
    test.setTimeout(ownServersBudget());
    const dataDir = path.join(scratch(), 'data');
    const server = await startBuiltServer({ PORT: String(E2E_PORT + 2), DATA_DIR: dataDir });
    try {
      const page = await request.get(`${server.url}/history/page/2`);
      expect(page.status()).toBe(200);
      const html = await page.text();
      // The theme script (public/theme-before-paint.js), then the bundle under /assets.
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? '');
      expect(scripts).toContain('/theme-before-paint.js');
      expect(scripts.some((script) => /^\/assets\/.+\.js$/.test(script)), scripts.join(', ')).toBe(true);
      for (const script of scripts) expect((await request.get(`${server.url}${script}`)).status(), script).toBe(200);
      // The first start printed the one-time link for the first administrator.
      expect(server.output()).toMatch(/First administrator \(admin@localhost\.localdomain\): open http:\/\/localhost:\d+\/register\//);
    } finally {
      await server.stop();
    }
  });

  test('the first administrator registers through the printed link, logs in with the printed address, and is told to invite a second approver', async ({ page }) => {
    test.setTimeout(ownServersBudget());
    const server = await startBuiltServer({ PORT: String(E2E_PORT + 4), DATA_DIR: path.join(scratch(), 'data') });
    try {
      const printed = /First administrator \((\S+)\): open http:\/\/localhost:\d+(\/register\/\S+)/.exec(server.output());
      expect(printed, server.output()).not.toBeNull();
      const [, email = '', registerPath = ''] = printed ?? [];
      await page.goto(`${server.url}${registerPath}`);
      await page.getByLabel('Password', { exact: true }).fill('First-Admin-Pass-1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('First-Admin-Pass-1');
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText(ACCOUNT_SUCCESS.registered)).toBeVisible();
      // The login form takes the printed address (it once refused admin@localhost).
      await page.goto(`${server.url}/`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('First-Admin-Pass-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
      // Alone on the install, nothing they add can be approved (four eyes): Inform the Bot says so and links Add user.
      await page.goto(`${server.url}/inform-the-bot`);
      await expect(page.getByText(INFORM_THE_BOT_MESSAGES.onlyApprover)).toBeVisible();
      await page.locator('.approver-hint').getByRole('link', { name: 'Add user' }).click();
      await expect(page).toHaveURL(`${server.url}/user-accounts/add`);
    } finally {
      await server.stop();
    }
  });
});
