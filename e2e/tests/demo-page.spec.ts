import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, type TestInfo, request as playwrightRequest } from '@playwright/test';
import { WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import { DEMO_PAGE_TEXTS } from '@steward/contract/demo-page';
import { type BuiltServer, startBuiltServer } from '../support/built-server.ts';
import { addDocument, settledDocument, textUpload } from '../support/documents.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * The /demo page (issue 58): the assistant as Bot Settings saved it, and example questions from the uploaded
 * documents, or neutral ones on a fresh install. The fresh install is a second shipped server on a data directory
 * of its own, so the documents and the look the other spec files give the shared server do not show here.
 */

const FRESH_PORT = E2E_PORT + 5;
const FIRST_ADMIN = { email: 'demo-page-admin@example.com', password: 'Demo-Page-Admin-58', name: 'Dana Demo' };
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

const KETTLE_GUIDE = [
  'Descaling',
  '',
  'Descale the kettle with citric acid once a month, more often where the water is hard.',
  '',
  'How often should I replace the filter? Every three months, or sooner when the water tastes of lime.',
].join('\n');

/** The page's problems: console errors, failed requests, error answers. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`answer ${response.status()}: ${response.url()}`);
  });
  return problems;
}

const exampleQuestions = (page: Page) => page.locator('#try ul li');
const style = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('/demo on the shared server', () => {
  test('loads the widget with no console error, failed request or CSP violation, and the bot answers there', async ({ page }) => {
    const problems = watchProblems(page);
    const saved = (await (await page.request.get('/api/chat/appearance')).json()) as { data: { rows: { title: string }[] } };
    const title = saved.data.rows[0]?.title ?? '';
    await page.goto('/demo');
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Steward demo page.')).toBeVisible();
    await page.getByRole('button', { name: title, exact: true }).click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.getByRole('textbox', { name: 'Your question' }).fill('What does the First Amendment protect?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.locator('.message.bot:has(.answer)')).toHaveCount(1, { timeout: scaled(20_000) });
    await expectNoAccessibilityViolations(page);
    expect(problems).toEqual([]);
  });
});

test.describe('/demo on a fresh install', () => {
  let server: BuiltServer;
  let dataDir: string;
  let admin: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(scaled(180_000)); // a fresh database, migrated
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-demo-page-'));
    server = await startBuiltServer({
      PORT: String(FRESH_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${FRESH_PORT}`,
      STEWARD_ADMIN_EMAIL: FIRST_ADMIN.email,
      STEWARD_ADMIN_PASSWORD: FIRST_ADMIN.password,
      STEWARD_ADMIN_NAME: FIRST_ADMIN.name,
    });
    admin = await playwrightRequest.newContext({ baseURL: server.url });
    const signedIn = await admin.post('/api/login', { data: { email: FIRST_ADMIN.email, password: FIRST_ADMIN.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  });
  test.afterAll(async () => {
    await admin?.dispose();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('shows the default look and neutral questions, then the saved title, greeting and colour and questions from an uploaded document', async ({ page }, testInfo) => {
    test.slow(); // a document indexed, and the page in two sizes and two themes
    const problems = watchProblems(page);
    await page.goto(`${server.url}/demo`);
    await expect(page).toHaveTitle(`${WIDGET_APPEARANCE_DEFAULTS.title} · Chat widget demo`);
    await expect(page.getByRole('heading', { name: WIDGET_APPEARANCE_DEFAULTS.title, level: 1 })).toBeVisible();
    await expect(page.getByText(WIDGET_APPEARANCE_DEFAULTS.greeting, { exact: true }).first()).toBeVisible();
    await expect(exampleQuestions(page)).toHaveText([...DEMO_PAGE_TEXTS.neutralQuestions]);
    await expect(page.getByText(DEMO_PAGE_TEXTS.noDocuments)).toBeVisible();
    await expect(page.getByRole('button', { name: WIDGET_APPEARANCE_DEFAULTS.title, exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const look = {
      title: 'Ask the Kettle Co',
      greeting: 'Hello! I answer questions about our kettles, their care and their spare parts.',
      accent_color: '#b3261e',
      suggested_questions: [],
      dont_know_text: '',
      allowed_sites: [],
    };
    const saved = await admin.post('/api/bot-appearance', { data: { appearance: look } });
    expect(saved.status(), await saved.text()).toBe(200);
    const kettleGuide = await addDocument({ request: admin }, textUpload('kettle-care.txt', KETTLE_GUIDE), { title: 'Kettle care' });
    expect((await settledDocument({ request: admin }, kettleGuide.id)).status).toBe('completed');

    await page.reload();
    await expect(page).toHaveTitle('Ask the Kettle Co · Chat widget demo');
    await expect(page.getByRole('heading', { name: look.title, level: 1 })).toBeVisible();
    await expect(page.locator('.hero').getByText(look.greeting)).toBeVisible();
    await expect(exampleQuestions(page)).toHaveText(['How often should I replace the filter?', DEMO_PAGE_TEXTS.aboutTopic('Kettle care', 'Descaling'), DEMO_PAGE_TEXTS.aboutDocument('Kettle care')]);
    await expect(page.getByText(DEMO_PAGE_TEXTS.knowledge(1))).toBeVisible();
    // The saved colour: the page's marks and the widget's button.
    expect(await style(page, '.hero h1', 'border-left-color')).toBe('rgb(179, 38, 30)');
    const launcher = page.getByRole('button', { name: look.title, exact: true });
    await expect(launcher).toBeVisible();
    expect(await launcher.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(179, 38, 30)');
    await launcher.click();
    await expect(page.getByRole('dialog', { name: look.title }).getByText(look.greeting)).toBeVisible();
    await launcher.click();

    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of THEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.getByRole('heading', { name: look.title, level: 1 })).toBeVisible();
        // Nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, testInfo, `demo-${size}-${theme}`);
      }
    }
    await expectNoAccessibilityViolations(page);
    expect(problems).toEqual([]);
  });
});
