import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { MAX_PASSKEY_NAME_LENGTH, PASSKEY_ENROLMENT_TEXTS, PASSKEY_MESSAGES, PASSKEY_RENAME_TEXTS } from '@steward/contract/passkeys';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import { type BuiltServer, ownServersBudget, startBuiltServer } from '../support/built-server.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, expectNoSidewaysPage, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn): added from one's own Second factor page, asked
 * for after the password, used to sign in with no password, removed. On a shipped server of its own at
 * http://localhost: browsers refuse passkeys on an IP address such as the shared server's 127.0.0.1.
 */
const PORT = E2E_PORT + 19;
const ORIGIN = `http://localhost:${PORT}`;
const ADMIN = { email: 'passkeys-admin@example.com', password: 'Passkeys-Admin-1' };

let server: BuiltServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(ownServersBudget());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-passkeys-'));
  server = await startBuiltServer({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    STEWARD_ADMIN_EMAIL: ADMIN.email,
    STEWARD_ADMIN_PASSWORD: ADMIN.password,
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser on the server's own origin, with a platform authenticator that holds passkeys and verifies its user. */
async function passkeyBrowser(browser: Browser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { context, page };
}

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const signOut = async (page: Page) =>
  expect((await page.request.get('/api/logout', { headers: { [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value } })).status()).toBe(200);

async function setPolicy(page: Page, policy: 'off' | 'offered'): Promise<void> {
  expect((await page.request.post('/api/second-factor-policy', { data: { second_factor: policy } })).status()).toBe(200);
}

async function ownId(page: Page): Promise<number> {
  const answer = (await (await page.request.get('/api/authenticate-user')).json()) as { data: { rows: { id: number }[] } };
  return answer.data.rows[0]?.id ?? 0;
}

test('while the policy is off, the login screen and the Second factor page show no passkeys', async ({ browser }) => {
  const { context, page } = await passkeyBrowser(browser, { width: 1280, height: 900 });
  try {
    await signInWithPassword(page);
    await expect(page).toHaveURL(/\/home$/);
    await setPolicy(page, 'off');
    await page.goto(`/user-accounts/${await ownId(page)}/second-factor`);
    await expect(page.getByText('Second factors are not offered. An administrator can offer them on Sign-in security.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toHaveCount(0);
    await signOut(page);
    const availability = page.waitForResponse((response) => response.url().endsWith('/api/sign-in/passkey'));
    await page.goto('/');
    await availability;
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

for (const [size, viewport, theme] of flowLooks({ desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } })) {
  test(`a passkey is added, renamed, asked for after the password, signs in without one, and is removed (${size}, ${theme})`, async ({ browser }) => {
    test.slow();
    const { context, page } = await passkeyBrowser(browser, viewport);
    try {
      await signInWithPassword(page);
      await expect(page).toHaveURL(/\/home$/);
      await setPolicy(page, 'offered');
      const id = await ownId(page);
      await page.request.post('/api/user/change-theme', { data: { id, theme } });

      // Added from one's own Second factor page, named.
      await page.goto(`/user-accounts/${id}/second-factor`);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await expect(passkeys.getByText('You have no passkeys.')).toBeVisible();
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(passkeys.getByText('Please name the passkey.')).toBeVisible();
      await passkeys.getByLabel('Name').fill(`Laptop ${size}`);
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(passkeys.getByText(`The passkey Laptop ${size} was added.`)).toBeVisible();
      await expect(passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
      await expect(passkeys.getByText(`Laptop ${size}`, { exact: true })).toBeVisible();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);

      // Renamed in place: the contract's messages for an empty or too long name, then the new name in the list.
      const renamed = `Work laptop ${size} ${theme}`;
      await passkeys.getByRole('button', { name: PASSKEY_RENAME_TEXTS.actionLabel(`Laptop ${size}`) }).click();
      const newName = passkeys.getByLabel(PASSKEY_RENAME_TEXTS.nameLabel);
      await expect(newName).toHaveValue(`Laptop ${size}`);
      await newName.fill('   ');
      await passkeys.getByRole('button', { name: PASSKEY_RENAME_TEXTS.save }).click();
      await expect(passkeys.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
      await newName.fill('x'.repeat(MAX_PASSKEY_NAME_LENGTH + 1));
      await passkeys.getByRole('button', { name: PASSKEY_RENAME_TEXTS.save }).click();
      await expect(passkeys.getByText(PASSKEY_MESSAGES.nameTooLong)).toBeVisible();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);
      await newName.fill(renamed);
      await passkeys.getByRole('button', { name: PASSKEY_RENAME_TEXTS.save }).click();
      await expect(passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('status')).toHaveText(PASSKEY_RENAME_TEXTS.renamed(renamed));
      await expect(passkeys.getByText(renamed, { exact: true })).toBeVisible();
      await expect(passkeys.getByText(`Laptop ${size}`, { exact: true })).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await page.reload();
      await expect(passkeys.getByText(renamed, { exact: true })).toBeVisible();

      // After the right password, the second step asks for the passkey.
      await signOut(page);
      await signInWithPassword(page);
      await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
      await expect(page.getByText('Use your passkey to finish logging in.')).toBeVisible();
      await expect(page.getByLabel('Code')).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page).toHaveURL(/\/home$/);

      // No password at all: "Sign in with a passkey" under the spec's form.
      await signOut(page);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL(/\/home$/);

      // Removed after the password: the next password sign-in asks for nothing more.
      await page.goto(`/user-accounts/${id}/second-factor`);
      await passkeys.getByRole('button', { name: `Remove ${renamed}` }).click();
      await passkeys.getByLabel('Password', { exact: true }).fill('not-the-password');
      await passkeys.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(passkeys.getByText('The password you entered is incorrect.')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await passkeys.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await passkeys.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(passkeys.getByText('You have no passkeys.')).toBeVisible();
      await signOut(page);
      await signInWithPassword(page);
      await expect(page).toHaveURL(/\/home$/);
      await setPolicy(page, 'off');
    } finally {
      await context.close();
    }
  });
}

test.describe('when an administrator requires a second factor', () => {
  const MEMBER = { name: 'Enid Enrol', email: 'enid.enrol@example.com', password: 'Enid-Enrol-Pass-1' };
  const LOOKER = { name: 'Lou Look', email: 'lou.look@example.com', password: 'Lou-Look-Pass-1' };
  let admin: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    // The administrator's session, kept: it sets the policy back afterwards (it has no second factor of its own).
    admin = await browser.newContext({ baseURL: ORIGIN });
    const page = await admin.newPage();
    await signInWithPassword(page);
    await expect(page).toHaveURL(/\/home$/);
    for (const member of [MEMBER, LOOKER]) {
      const invited = await admin.request.post('/api/add-user', { data: { name: member.name, email: member.email, role: 'viewer' } });
      expect(invited.status(), await invited.text()).toBe(200);
      const link = ((await invited.json()) as { data: { rows: { register_link?: string }[] } }).data.rows[0]?.register_link ?? '';
      const key = decodeURIComponent(new URL(link, ORIGIN).pathname.replace(/^\/register\//, ''));
      const registered = await admin.request.post('/api/register', { data: { key, password: member.password } });
      expect(registered.status(), await registered.text()).toBe(200);
    }
    expect((await admin.request.post('/api/second-factor-policy', { data: { second_factor: 'required' } })).status()).toBe(200);
  });
  test.afterAll(async () => {
    if (!admin) return;
    await admin.request.post('/api/second-factor-policy', { data: { second_factor: 'off' } });
    await admin.close();
  });

  async function passwordStep(page: Page, member: { email: string; password: string }): Promise<void> {
    await page.goto('/');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
  }

  test('a member with none adds a passkey at the enrolment step, beside the authenticator app, and is signed in', async ({ browser }) => {
    const { context, page } = await passkeyBrowser(browser, { width: 1280, height: 900 });
    try {
      await passwordStep(page, MEMBER);
      await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
      const passkey = page.getByRole('region', { name: PASSKEY_ENROLMENT_TEXTS.heading });
      await expect(passkey.getByText(PASSKEY_ENROLMENT_TEXTS.intro)).toBeVisible();
      await passkey.getByRole('button', { name: PASSKEY_ENROLMENT_TEXTS.action }).click();
      await expect(passkey.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
      await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
      await passkey.getByLabel('Name').fill('Enid laptop');
      await passkey.getByRole('button', { name: PASSKEY_ENROLMENT_TEXTS.action }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

      // Her second factor is that passkey: listed on her page, and asked for at the next sign-in.
      await page.goto(`/user-accounts/${await ownId(page)}/second-factor`);
      await expect(page.getByRole('region', { name: 'Passkeys' }).getByText('Enid laptop', { exact: true })).toBeVisible();
      await signOut(page);
      await passwordStep(page, MEMBER);
      await expect(page.getByText('Use your passkey to finish logging in.')).toBeVisible();
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page).toHaveURL(/\/home$/);
    } finally {
      await context.close();
    }
  });

  test('the enrolment step with its passkey passes axe in both themes at desktop and phone size', async ({ browser }) => {
    test.slow();
    for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 375, height: 740 }]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await test.step(`${size}, ${theme}`, async () => {
          const { context, page } = await passkeyBrowser(browser, viewport);
          try {
            await page.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
            await passwordStep(page, LOOKER);
            await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
            const passkey = page.getByRole('region', { name: PASSKEY_ENROLMENT_TEXTS.heading });
            await expect(passkey.getByLabel('Name')).toBeVisible();
            await passkey.getByRole('button', { name: PASSKEY_ENROLMENT_TEXTS.action }).click();
            await expect(passkey.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
            await expectNoSidewaysPage(page, viewport.width);
            await expectNoAccessibilityViolations(page);
          } finally {
            await context.close();
          }
        });
      }
    }
  });
});
