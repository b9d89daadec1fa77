import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { AUDIT_ACTION_LABELS } from '@steward/contract/audit-log';
import { PERSONAL_DATA_MASKING_TEXTS, PERSONAL_DATA_TEXTS } from '@steward/contract/personal-data';
import { type BuiltServer, startBuiltServer } from '../support/built-server.ts';
import { postBotFeedback, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { E2E_BOT_API_KEY, E2E_PASSWORD, E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { mailedLink } from '../support/outbox.ts';
import { scaled } from '../support/slowdown.ts';
import { flowLooks } from '../support/looks.ts';

// Issues 43 and 58 (docs/privacy.md): masking visitors' personal data is a choice, off by default. Off, every staff
// member sees a visitor's email, phone number and address whole on the History, Feedback and Help Requests lists
// and details, as the spec describes, and no Reveal. On (a server of its own here, so the other spec files keep
// the default), a viewer sees them masked and no Reveal; an administrator reveals each record in place, and the
// Audit Log shows each reveal. An administrator turns it on and off in Bot Settings and the screens follow. Light at
// desktop size and dark at phone size (support/looks.ts), checked by axe.

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
const THEMES = ['light', 'dark'] as const;
const PHONE = '+44 20 7946 0958';
const IP = '203.0.113.77';
const MASKED_PHONE = '+44 •• •••• 0958';
const MASKED_IP = '203.0.113.•';
const MASKED_EMAIL = 'z•••@example.com';

interface Seeded {
  marker: string;
  /** The history row's own day (UTC), which no other test's rows share: its list is filtered to it. */
  historyDay: string;
  email: string;
  text: string;
  sessionId: string;
  feedbackId: number;
  helpRequestId: number;
}

let seedCounter = 0;

/** A visitor who left an email, a phone number and an address in every place they can, through the bot API. */
async function seedVisitor(request: APIRequestContext): Promise<Seeded> {
  seedCounter += 1;
  // Letters in the marker: no run of digits a pattern could read as a phone or card number.
  const marker = `zq${Date.now().toString(36)}x${seedCounter}`;
  const email = `zara.${marker}@example.com`;
  const text = `Order ${marker}: reach me at ${email} or ${PHONE}`;
  const sessionId = uniqueSessionId('mask');
  // Other spec files leave rows dated far ahead (2195–2300) at the top of History: this one is put on a day of
  // its own in the past, and the list is read filtered to that day.
  const historyDay = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 8000) * 86_400_000).toISOString().slice(0, 10);
  const historyId = await postBotMessage(request, {
    session_id: sessionId,
    time: `${historyDay}T12:00:00Z`,
    user_message: text,
    api_response: '<p>We will call you back.</p>',
    user_ip: IP,
    account: { primary_id: `customer-${marker}`, email },
  });
  const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', user_feedback: text, user_ip: IP });
  const help = await request.post('/api/bot/help-requests', {
    data: { name: `Zara ${marker}`, email, message: text, user_ip: IP, session_id: sessionId },
    headers: { authorization: `Bearer ${E2E_BOT_API_KEY}` },
  });
  expect(help.status()).toBe(200);
  const helpRequestId = ((await help.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
  return { marker, historyDay, email, text, sessionId, feedbackId, helpRequestId };
}

const main = (page: Page) => page.getByRole('main');
const revealButton = (page: Page) => page.getByRole('button', { name: PERSONAL_DATA_TEXTS.revealLabel });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The lists, each filtered to where the seeded rows are: the history row's day, and the days around today. */
const listPaths = (seeded: Seeded) => {
  const aroundToday = `from=${day(-1)}&to=${day(1)}`;
  return [
    { path: `/history?from=${seeded.historyDay}&to=${seeded.historyDay}`, ip: true },
    { path: `/feedback?${aroundToday}`, ip: true },
    // The Help Requests list has no User IP column.
    { path: `/help-requests?${aroundToday}`, ip: false },
  ];
};

/** The details; a chat session shows no address (the spec's columns), the others do. */
const detailPaths = (seeded: Seeded) => [
  { path: `/history/${encodeURIComponent(seeded.sessionId)}`, ip: false },
  { path: `/feedback/${seeded.feedbackId}`, ip: true },
  { path: `/help-requests/${seeded.helpRequestId}`, ip: true },
];

/** The screen shows the seeded values masked, and none of them whole. */
async function expectMasked(page: Page, seeded: Seeded, { ip }: { ip: boolean }): Promise<void> {
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(main(page)).toContainText(seeded.marker);
  await expect(main(page)).toContainText(MASKED_EMAIL);
  await expect(main(page)).toContainText(MASKED_PHONE);
  if (ip) await expect(main(page)).toContainText(MASKED_IP);
  for (const raw of [seeded.email, PHONE, IP]) await expect(main(page)).not.toContainText(raw);
}

/** The screen shows the seeded values whole, as the spec describes, and no mask. */
async function expectWhole(page: Page, seeded: Seeded, { ip }: { ip: boolean }): Promise<void> {
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(main(page)).toContainText(seeded.email);
  await expect(main(page)).toContainText(PHONE);
  if (ip) await expect(main(page)).toContainText(IP);
  for (const masked of [MASKED_EMAIL, MASKED_PHONE, MASKED_IP]) await expect(main(page)).not.toContainText(masked);
}

test.describe('with masking off (the default)', () => {
  for (const [size, viewport, theme] of flowLooks(SIZES)) {
    test(`every staff member sees the values whole and no Reveal, ${theme} theme at ${size} size`, async ({ page, request, signIn }) => {
      test.slow(); // six screens, then three again, each detail checked by axe
      await page.setViewportSize(viewport);
      const seeded = await seedVisitor(request);

      const viewer = await signIn('viewer');
      await page.request.post('/api/user/change-theme', { data: { id: viewer.id, theme } });
      for (const { path, ip } of listPaths(seeded)) {
        await page.goto(path);
        await expectWhole(page, seeded, { ip });
      }
      for (const { path, ip } of detailPaths(seeded)) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expectWhole(page, seeded, { ip });
        await expect(revealButton(page)).toHaveCount(0);
        await expectNoAccessibilityViolations(page);
      }
      // The help request's Email Address, to write from one's own mail client.
      await expect(page.locator('dt:text-is("Email Address") + dd')).toHaveText(seeded.email);

      // An administrator, who may see personal data: nothing to reveal either.
      await signIn('admin');
      for (const { path, ip } of detailPaths(seeded)) {
        await page.goto(path);
        await expectWhole(page, seeded, { ip });
        await expect(revealButton(page)).toHaveCount(0);
      }
    });
  }

  test('Bot Settings shows the switch off; disabled for a viewer, who may not change it', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/bot-settings');
    const toggle = page.getByRole('switch', { name: PERSONAL_DATA_MASKING_TEXTS.label });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeDisabled();
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: PERSONAL_DATA_MASKING_TEXTS.title }) });
    await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(card).toContainText(PERSONAL_DATA_MASKING_TEXTS.off);
  });
});

// A second shipped server on a data directory of its own, with masking turned on by its administrator, so that
// the spec files running beside this one keep the default.

const MASKED_PORT = E2E_PORT + 17;
const FIRST_ADMIN = { email: 'masking-admin@example.com', password: 'Masking-Admin-58', name: 'Mona Masking' };

interface StaffOnServer {
  id: number;
  email: string;
  password: string;
}

let server: BuiltServer;
let dataDir: string;
let bot: APIRequestContext;
let firstAdmin: APIRequestContext;
let staffCounter = 0;

async function signedInContext(staff: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: server.url });
  const answer = await context.post('/api/login', { data: { email: staff.email, password: staff.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return context;
}

/** Invites a staff member as the first administrator does, and registers them from the mailed link. */
async function createStaff(role: 'admin' | 'viewer'): Promise<StaffOnServer> {
  staffCounter += 1;
  const email = `${role}-${staffCounter}-${Date.now()}@example.com`;
  const invited = await firstAdmin.post('/api/add-user', { data: { name: `${role} ${staffCounter}`, email, role } });
  expect(invited.status(), await invited.text()).toBe(200);
  const key = decodeURIComponent((await mailedLink(dataDir, email)).replace(/^\/register\//, ''));
  const registered = await bot.post('/api/register', { data: { key, password: E2E_PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(200);
  const context = await signedInContext({ email, password: E2E_PASSWORD });
  const id = ((await (await context.get('/api/authenticate-user')).json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
  await context.dispose();
  return { id, email, password: E2E_PASSWORD };
}

/** Signs the page's browser in to the masking server as `staff`, in `theme`. */
async function signInToMaskingServer(page: Page, staff: StaffOnServer, theme: 'light' | 'dark'): Promise<void> {
  const answer = await page.request.post(`${server.url}/api/login`, { data: { email: staff.email, password: staff.password } });
  expect(answer.status()).toBe(200);
  expect((await page.request.post(`${server.url}/api/user/change-theme`, { data: { id: staff.id, theme } })).status()).toBe(200);
}

async function setMasking(masked: boolean): Promise<void> {
  const answer = await firstAdmin.post('/api/personal-data/masking', { data: { masked } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('with masking on', () => {
  test.beforeAll(async () => {
    test.setTimeout(scaled(180_000)); // a fresh database, migrated
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-masking-'));
    server = await startBuiltServer({
      PORT: String(MASKED_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${MASKED_PORT}`,
      BOT_API_KEY: E2E_BOT_API_KEY,
      STEWARD_ADMIN_EMAIL: FIRST_ADMIN.email,
      STEWARD_ADMIN_PASSWORD: FIRST_ADMIN.password,
      STEWARD_ADMIN_NAME: FIRST_ADMIN.name,
    });
    bot = await playwrightRequest.newContext({ baseURL: server.url });
    firstAdmin = await signedInContext(FIRST_ADMIN);
    await setMasking(true);
  });
  test.afterAll(async () => {
    await bot?.dispose();
    await firstAdmin?.dispose();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [size, viewport, theme] of flowLooks(SIZES)) {
    test(`masked for a viewer, revealed and audited for an administrator, ${theme} theme at ${size} size`, async ({ page }) => {
      test.slow(); // six screens twice, each detail checked by axe
      await page.setViewportSize(viewport);
      const seeded = await seedVisitor(bot);

      await signInToMaskingServer(page, await createStaff('viewer'), theme);
      // The lists: their columns stay as the spec has them; the values are masked.
      for (const { path, ip } of listPaths(seeded)) {
        await page.goto(`${server.url}${path}`);
        await expectMasked(page, seeded, { ip });
      }
      // The details, without Reveal.
      for (const { path, ip } of detailPaths(seeded)) {
        await page.goto(`${server.url}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expectMasked(page, seeded, { ip });
        await expect(revealButton(page)).toHaveCount(0);
        await expectNoAccessibilityViolations(page);
      }

      const admin = await createStaff('admin');
      await signInToMaskingServer(page, admin, theme);
      for (const { path, ip } of [...detailPaths(seeded)].reverse()) {
        await page.goto(`${server.url}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expectMasked(page, seeded, { ip });
        await revealButton(page).click();
        await expect(page.getByRole('status').filter({ hasText: PERSONAL_DATA_TEXTS.revealed })).toBeVisible();
        await expect(revealButton(page)).toBeDisabled();
        await expect(main(page)).toContainText(seeded.email);
        await expect(main(page)).toContainText(PHONE);
        if (ip) await expect(main(page)).toContainText(IP);
        // A reveal is of one record: a help request's chat before it and a session's rating words stay masked (the
        // session and the feedback have Reveals of their own).
        if (path.startsWith('/feedback/')) await expect(main(page)).not.toContainText(MASKED_EMAIL);
        await expectNoAccessibilityViolations(page);
      }

      // Each reveal is in the audit log: who, and which record.
      await page.goto(`${server.url}/audit-log?person=${admin.id}&action=personal_data_revealed`);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      for (const label of [`Help request ${seeded.helpRequestId}`, `Feedback ${seeded.feedbackId}`, seeded.sessionId]) {
        await expect(main(page)).toContainText(label);
      }
      await expect(main(page).getByRole('cell').filter({ hasText: AUDIT_ACTION_LABELS.personal_data_revealed })).toHaveCount(3);
      await expect(main(page)).not.toContainText(seeded.email);
      await expectNoAccessibilityViolations(page);
    });
  }

  for (const theme of THEMES) {
    test(`an administrator turns masking off and on again in Bot Settings, and the screens follow (${theme} theme)`, async ({ page }) => {
      test.slow();
      const seeded = await seedVisitor(bot);
      const admin = await createStaff('admin');
      await signInToMaskingServer(page, admin, theme);
      const helpRequest = `${server.url}/help-requests/${seeded.helpRequestId}`;
      const toggle = page.getByRole('switch', { name: PERSONAL_DATA_MASKING_TEXTS.label });
      const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: PERSONAL_DATA_MASKING_TEXTS.title }) });

      await page.goto(`${server.url}/bot-settings`);
      await expect(toggle).toBeChecked();
      await expect(card).toContainText(PERSONAL_DATA_MASKING_TEXTS.on);
      await expectNoAccessibilityViolations(page);
      await toggle.uncheck();
      await expect(card).toContainText(PERSONAL_DATA_MASKING_TEXTS.off);
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByRole('status')).toHaveText(PERSONAL_DATA_MASKING_TEXTS.saved);
      await page.reload();
      await expect(toggle).not.toBeChecked();

      // Off: the help request shows its Email Address, the address and the phone number whole; nothing to reveal.
      await page.goto(helpRequest);
      await expectWhole(page, seeded, { ip: true });
      await expect(page.locator('dt:text-is("Email Address") + dd')).toHaveText(seeded.email);
      await expect(revealButton(page)).toHaveCount(0);

      await page.goto(`${server.url}/bot-settings`);
      await toggle.check();
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByRole('status')).toHaveText(PERSONAL_DATA_MASKING_TEXTS.saved);

      // On again: masked, with Reveal.
      await page.goto(helpRequest);
      await expectMasked(page, seeded, { ip: true });
      await expect(revealButton(page)).toBeVisible();

      // Both changes are in the audit log, each with its new state.
      await page.goto(`${server.url}/audit-log?person=${admin.id}&action=bot_settings_changed`);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expect(main(page).getByRole('cell').filter({ hasText: AUDIT_ACTION_LABELS.bot_settings_changed })).toHaveText([
        /maskPersonalData: true/,
        /maskPersonalData: false/,
      ]);
    });
  }
});
