/**
 * Screenshots for the docs, taken from the demo's data: start `npm run demo` (or point SCREENSHOT_URL at
 * another running Steward), then `node --import tsx e2e/screenshots/take-screenshots.ts`.
 * Every screen, in both themes, at desktop (1280×800) and phone (375×667) size:
 * docs/screenshots/after/<screen>-<light|dark>[-phone].png, and docs/screenshot.png (the home screen, light).
 * SCREENSHOT_DIR writes elsewhere (docs/screenshots/before holds the look before issue 41, taken this way from
 * the build before it).
 * Signs in as the demo administrator unless SCREENSHOT_EMAIL / SCREENSHOT_PASSWORD say otherwise.
 * Also <dir>/widget.png: the chat widget on /demo with an answer (1280×800, light).
 * SCREENSHOT_ONLY (comma-separated names, such as `widget` or `home,history`) takes only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';

const baseURL = process.env.SCREENSHOT_URL ?? 'http://127.0.0.1:3000';
const email = process.env.SCREENSHOT_EMAIL ?? 'admin@demo.steward.example';
const password = process.env.SCREENSHOT_PASSWORD ?? 'Demo-Admin-2026';
const docsDir = path.resolve(import.meta.dirname, '../../docs');
const defaultDir = path.join(docsDir, 'screenshots', 'after');
const outDir = path.resolve(process.env.SCREENSHOT_DIR ?? defaultDir);
const writesDocs = outDir === defaultDir;
const only = process.env.SCREENSHOT_ONLY ? new Set(process.env.SCREENSHOT_ONLY.split(',').map((name) => name.trim())) : undefined;
const wanted = (name: string) => !only || only.has(name);

type Target = string | ((page: Page) => Promise<string>);
interface Screen {
  name: string;
  path: Target;
  /** Signed out (login, forgot/reset password, register). */
  public?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'login', path: '/', public: true },
  { name: 'forgot-password', path: '/reset-password', public: true },
  { name: 'reset-password', path: '/reset-password/an-example-key', public: true },
  { name: 'register', path: (page) => registerLink(page.request), public: true },
  { name: 'home', path: '/home' },
  { name: 'history', path: '/history' },
  { name: 'chat-session', path: (page) => firstRowTarget(page, '/history') },
  { name: 'feedback', path: '/feedback' },
  { name: 'feedback-detail', path: (page) => firstRowTarget(page, '/feedback/page/1/down') },
  { name: 'help-requests', path: '/help-requests' },
  { name: 'help-request', path: (page) => firstRowTarget(page, '/help-requests') },
  { name: 'documents', path: '/documents' },
  { name: 'inform-the-bot', path: '/inform-the-bot' },
  { name: 'bot-settings', path: '/bot-settings' },
  { name: 'user-accounts', path: '/user-accounts' },
  { name: 'add-user', path: '/user-accounts/add' },
  { name: 'user-detail', path: async (page) => `/user-accounts/${await ownId(page.request)}` },
  { name: 'change-password', path: async (page) => `/user-accounts/${await ownId(page.request)}/change-password` },
  { name: 'search-results', path: '/search/amendment/page/1' },
  { name: 'audit-log', path: '/audit-log' },
  { name: 'not-found', path: '/no-such-page' },
];

/** The detail route the first row of a list opens. */
async function firstRowTarget(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await page.locator('tbody tr.clickable-row, [data-list-row]').first().click();
  await page.waitForURL((url) => url.pathname !== list);
  return new URL(page.url()).pathname;
}

async function ownId(request: APIRequestContext): Promise<number> {
  const me = (await (await request.get('/api/authenticate-user')).json()) as { data: { rows: { id: number }[] } };
  return me.data.rows[0]?.id ?? 0;
}

let invitationLink: string | undefined;
/**
 * A register link to show: the one the add-user call answers an administrator when no mail server is set
 * up, made once per run (an invitation for a pretend colleague); an example key where the call keeps it.
 */
async function registerLink(request: APIRequestContext): Promise<string> {
  if (invitationLink) return invitationLink;
  const invited = await request.post(`${baseURL}/api/add-user`, {
    data: { name: 'Sam Rivera', email: `sam.rivera.${Date.now()}@demo.steward.example`, role: 'viewer' },
  });
  const answer = (await invited.json().catch(() => ({}))) as { data?: { rows?: { register_link?: string }[] } };
  const link = answer.data?.rows?.[0]?.register_link;
  invitationLink = link ? new URL(link).pathname : '/register/an-example-key';
  return invitationLink;
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
  await page.waitForTimeout(400); // Chart.js draws after its data arrives
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
    for (const phone of [false, true]) {
      const viewport = phone ? { width: 375, height: 667 } : { width: 1280, height: 800 };
      const context = await browser.newContext({ baseURL, viewport });
      // Signed-out screens read the theme this browser remembers.
      await context.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
      const signedOut = await context.newPage();
      const admin = await browser.newContext({ baseURL, viewport });
      const page = await admin.newPage();
      const login = await page.request.post('/api/login', { data: { email, password } });
      if (!login.ok()) throw new Error(`Cannot sign in as ${email} at ${baseURL}: ${login.status()}`);
      await page.request.post('/api/user/change-theme', { data: { id: await ownId(page.request), theme } });
      for (const screen of SCREENS.filter((each) => wanted(each.name))) {
        const shown = screen.public ? signedOut : page;
        const target = typeof screen.path === 'string' ? screen.path : await screen.path(page);
        await shown.goto(target);
        await settle(shown);
        const file = path.join(outDir, `${screen.name}-${theme}${phone ? '-phone' : ''}.png`);
        await shown.screenshot({ path: file });
        if (writesDocs && screen.name === 'home' && theme === 'light' && !phone) fs.copyFileSync(file, path.join(docsDir, 'screenshot.png'));
        console.warn(`wrote ${path.relative(process.cwd(), file)}`);
      }
      await context.close();
      await admin.close();
    }
  }
  if (wanted('widget')) await widgetScreenshot();
} finally {
  await browser.close();
}
