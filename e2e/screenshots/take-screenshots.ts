/**
 * Screenshots for the docs, taken from the demo's data: start `npm run demo` (or point SCREENSHOT_URL at
 * another running Steward), then `node --import tsx e2e/screenshots/take-screenshots.ts`.
 * Writes docs/screenshot.png (the home screen, light) and docs/screenshots/<area>-<theme>.png at 1280×800,
 * and <area>-light-phone.png at 375×667.
 * Signs in as the demo administrator unless SCREENSHOT_EMAIL / SCREENSHOT_PASSWORD say otherwise.
 * Also docs/screenshots/widget.png: the chat widget on /demo with an answer (1280×800, light).
 * SCREENSHOT_ONLY (comma-separated names, such as `widget` or `home,history`) takes only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const baseURL = process.env.SCREENSHOT_URL ?? 'http://127.0.0.1:3000';
const email = process.env.SCREENSHOT_EMAIL ?? 'admin@demo.steward.example';
const password = process.env.SCREENSHOT_PASSWORD ?? 'Demo-Admin-2026';
const docsDir = path.resolve(import.meta.dirname, '../../docs');
const outDir = path.join(docsDir, 'screenshots');
const only = process.env.SCREENSHOT_ONLY ? new Set(process.env.SCREENSHOT_ONLY.split(',').map((name) => name.trim())) : undefined;
const wanted = (name: string) => !only || only.has(name);

const AREAS: { name: string; path: string | ((page: Page) => Promise<string>) }[] = [
  { name: 'home', path: '/home' },
  { name: 'history', path: '/history' },
  { name: 'chat-session', path: (page) => firstRowTarget(page, '/history') },
  { name: 'feedback', path: '/feedback' },
  { name: 'help-requests', path: '/help-requests' },
  { name: 'help-request', path: (page) => firstRowTarget(page, '/help-requests') },
  { name: 'documents', path: '/documents' },
  { name: 'inform-the-bot', path: '/inform-the-bot' },
  { name: 'bot-settings', path: '/bot-settings' },
  { name: 'user-accounts', path: '/user-accounts' },
];

/** The detail route the first row of a list opens. */
async function firstRowTarget(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await page.locator('tbody tr.clickable-row').first().click();
  await page.waitForURL((url) => url.pathname !== list);
  return new URL(page.url()).pathname;
}

async function settle(page: Page): Promise<void> {
  await page.getByText('Loading…').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  // Let fades end (spinners run forever; a replaced animation rejects).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.waitForTimeout(300); // Chart.js draws after its data arrives
}

/** The /demo page with the chat open on an answer from the demo documents. */
async function widgetScreenshot(): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Ask the gallery guide' }).click();
  const panel = page.getByRole('dialog', { name: 'Ask the gallery guide' });
  await panel.getByRole('textbox', { name: 'Your question' }).fill('Which amendment is about unreasonable searches?');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await panel.locator('.message.bot:has(.answer)').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const file = path.join(outDir, 'widget.png');
  await page.screenshot({ path: file });
  console.warn(`wrote ${path.relative(process.cwd(), file)}`);
  await context.close();
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    for (const phone of theme === 'light' ? [false, true] : [false]) {
      const context = await browser.newContext({ baseURL, viewport: phone ? { width: 375, height: 667 } : { width: 1280, height: 800 } });
      const page = await context.newPage();
      const login = await page.request.post('/api/login', { data: { email, password } });
      if (!login.ok()) throw new Error(`Cannot sign in as ${email} at ${baseURL}: ${login.status()}`);
      const me = (await (await page.request.get('/api/authenticate-user')).json()) as { data: { rows: { id: number }[] } };
      await page.request.post('/api/user/change-theme', { data: { id: me.data.rows[0]?.id, theme } });
      for (const area of AREAS.filter((each) => wanted(each.name))) {
        const target = typeof area.path === 'string' ? area.path : await area.path(page);
        await page.goto(target);
        await settle(page);
        const file = path.join(outDir, `${area.name}-${theme}${phone ? '-phone' : ''}.png`);
        await page.screenshot({ path: file });
        if (area.name === 'home' && theme === 'light' && !phone) fs.copyFileSync(file, path.join(docsDir, 'screenshot.png'));
        console.warn(`wrote ${path.relative(process.cwd(), file)}`);
      }
      await context.close();
    }
  }
  if (wanted('widget')) await widgetScreenshot();
} finally {
  await browser.close();
}
