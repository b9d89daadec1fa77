import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CurrentUser } from '@steward/contract/auth';
import { SSO_MESSAGES, SSO_REFUSAL_MESSAGES, ssoButtonLabel } from '@steward/contract/single-sign-on';
import { startTestOidcProviderInAChildProcess, type TestOidcProviderWithClock } from '@steward/server/test-support';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type BuiltServer, ownServersBudget, startBuiltServer } from '../support/built-server.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, expectNoSidewaysPage, test } from '../support/fixtures.ts';

/**
 * Single sign-on with OpenID Connect (issue 56) in Chromium: the dashboard on a shipped server of its own with
 * OIDC_* set, against the real `oidc-provider` on loopback (its own sign-in page; consent is given at once), in a
 * process of its own whose clock a test sets back (an expired ID token). The shared server has no OIDC_*, so its
 * login screen is the spec's.
 */
const PORT = E2E_PORT + 20;
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'sso-admin@example.com', password: 'Sso-Admin-Pass-1' };
const MEMBER = { name: 'Mia Member', email: 'mia.member@example.com', password: 'Sso-Member-Pass-1' };
const STRANGER = 'sam.stranger@elsewhere.example';
const JOINER = 'jo.joiner@acme.example';
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } } as const;

let provider: TestOidcProviderWithClock;
let server: BuiltServer;
let dataDir: string;
/** The provider's name (OIDC_PROVIDER_NAME) and the login screen's button. */
let providerName: string;
let ssoButton: string;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(ownServersBudget());
  provider = await startTestOidcProviderInAChildProcess({
    accounts: [
      { email: ADMIN.email, emailVerified: true },
      { email: MEMBER.email, emailVerified: true, name: MEMBER.name },
      { email: STRANGER, emailVerified: true },
      { email: JOINER, emailVerified: true, name: 'Jo Joiner', groups: ['dashboard-admins'] },
    ],
    redirectUris: [`${PUBLIC_URL}/api/sso/callback`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/`],
  });
  providerName = provider.environment().OIDC_PROVIDER_NAME ?? '';
  ssoButton = ssoButtonLabel(providerName);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-single-sign-on-'));
  server = await startBuiltServer({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL,
    STEWARD_ADMIN_EMAIL: ADMIN.email,
    STEWARD_ADMIN_PASSWORD: ADMIN.password,
    ...provider.environment(),
  });
  // The known staff member: invited by the administrator, registered with a password.
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await passwordLogin(context, ADMIN);
    const invited = await context.request.post('/api/add-user', { data: { name: MEMBER.name, email: MEMBER.email, role: 'viewer' } });
    expect(invited.status(), await invited.text()).toBe(200);
    const link = ((await invited.json()) as { data: { rows: { register_link?: string }[] } }).data.rows[0]?.register_link ?? '';
    const key = decodeURIComponent(new URL(link, PUBLIC_URL).pathname.replace(/^\/register\//, ''));
    const registered = await context.request.post('/api/register', { data: { key, password: MEMBER.password } });
    expect(registered.status(), await registered.text()).toBe(200);
  } finally {
    await context.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own on the single-sign-on server. */
const ownContext = (browser: Browser, viewport: { width: number; height: number } = SIZES.desktop) => browser.newContext({ baseURL: server.url, viewport });

async function passwordLogin(context: BrowserContext, account: { email: string; password: string }): Promise<void> {
  const answer = await context.request.post('/api/login', { data: account });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The login screen, once it knows whether single sign-on is on (GET /api/sso answered). */
async function openLoginScreen(page: Page): Promise<void> {
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sso');
  await page.goto('/');
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
}

/** The login screen's button, then the provider's own sign-in page as `email`. */
async function signInWithProvider(page: Page, email: string): Promise<void> {
  await openLoginScreen(page);
  await page.getByRole('link', { name: ssoButton }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: `${providerName} sign-in` })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Who the browser is signed in as (the dashboard's own call). */
async function currentUser(page: Page): Promise<CurrentUser | undefined> {
  const answer = await page.request.get('/api/authenticate-user');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { rows: CurrentUser[] } }).data.rows[0];
}

/** The spec's form, filled and sent as a person does. */
async function submitLoginForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await openLoginScreen(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Steward's start answers its redirect to the provider with `parameter` changed to `value` on the way (its pending
 * sign-in cookie kept). The start is where the browser's navigation begins: Chromium's routes see no redirect's target.
 */
async function tamperAuthorizationRequest(page: Page, parameter: 'state' | 'nonce', value: string): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/sso/start',
    async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      const authorization = new URL(answer.headers().location ?? '');
      expect(authorization.origin).toBe(provider.issuer);
      expect(authorization.searchParams.get(parameter)).toBeTruthy();
      authorization.searchParams.set(parameter, value);
      await route.fulfill({ response: answer, headers: { ...answer.headers(), location: authorization.href } });
    },
    { times: 1 },
  );
}

/** Back on the login screen with the refusal's message, the spec's form below it, and no session. */
async function expectRefusedOnLoginScreen(page: Page, refusal: keyof typeof SSO_REFUSAL_MESSAGES, reason: string): Promise<void> {
  await expect(page).toHaveURL(`${PUBLIC_URL}/?sso_error=${refusal}`);
  await expect(page.getByRole('alert')).toHaveText(SSO_REFUSAL_MESSAGES[refusal]);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: ssoButton })).toBeVisible();
  expect((await page.request.get('/api/authenticate-user')).status()).toBe(401);
  // The audit log says which check refused it (the administrator reads it in a browser of their own).
  const admin = await page.context().browser()?.newContext({ baseURL: server.url });
  if (!admin) throw new Error('No browser for the administrator.');
  try {
    await passwordLogin(admin, ADMIN);
    const answer = await admin.request.post('/api/audit-log/0', { data: { action: 'sso_sign_in_refused' } });
    expect(answer.status(), await answer.text()).toBe(200);
    const entries = ((await answer.json()) as { data: { rows: { details: Record<string, unknown> }[] } }).data.rows;
    expect(entries[0]?.details).toMatchObject({ reason });
  } finally {
    await admin.close();
  }
}

const ssoCard = (page: Page) => page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Single sign-on', level: 2 }) });

/** Sets Sign-in security's single sign-on card through its form, as the administrator. */
async function saveSsoCard(page: Page, change: (card: ReturnType<typeof ssoCard>) => Promise<void>): Promise<void> {
  await page.goto('/sign-in-security');
  const card = ssoCard(page);
  await expect(card.getByLabel('Joining domains')).toBeVisible();
  await change(card);
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sso-settings' && response.request().method() === 'POST');
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  expect((await saved).status()).toBe(200);
  await expect(card.getByText('Saved.')).toBeVisible();
}

test.describe('Single sign-on', () => {
  test("the login screen keeps the spec's form and adds the provider's button; without OIDC_* there is none", async ({ page, browser }) => {
    // The shared server: no OIDC_*, the spec's login screen exactly.
    await openLoginScreen(page);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Sign in with / })).toHaveCount(0);

    const context = await ownContext(browser);
    try {
      const own = await context.newPage();
      await openLoginScreen(own);
      await expect(own.getByLabel('Email')).toBeVisible();
      await expect(own.getByLabel('Password', { exact: true })).toBeVisible();
      await expect(own.getByRole('link', { name: 'Forgot password? Reset here' })).toBeVisible();
      await expect(own.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(own.getByRole('link', { name: ssoButton })).toHaveAttribute('href', '/api/sso/start');
    } finally {
      await context.close();
    }
  });

  test('a known staff member signs in through the provider and lands on Home', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      await signInWithProvider(page, MEMBER.email);
      await expect(page).toHaveURL(`${PUBLIC_URL}/home`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(await currentUser(page)).toMatchObject({ email: MEMBER.email, role: 'viewer', name: MEMBER.name });
    } finally {
      await context.close();
    }
  });

  test('a stranger is refused with a clear message on the login screen', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      await signInWithProvider(page, STRANGER);
      await expect(page).toHaveURL(`${PUBLIC_URL}/?sso_error=unknown_account`);
      await expect(page.getByRole('alert')).toHaveText(SSO_REFUSAL_MESSAGES.unknown_account);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect((await page.request.get('/api/authenticate-user')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  test('a tampered state is refused with a clear message on the login screen, and nobody is signed in', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      // The state the provider sends back is not the one this browser's sign-in keeps (a forged or altered link).
      await tamperAuthorizationRequest(page, 'state', 'a-forged-state');
      await signInWithProvider(page, MEMBER.email);
      await expectRefusedOnLoginScreen(page, 'failed', 'state_mismatch');
    } finally {
      await context.close();
    }
  });

  test('a changed nonce is refused with a clear message on the login screen, and nobody is signed in', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      // The authorization request reaches the provider with another nonce: its ID token carries that one.
      await tamperAuthorizationRequest(page, 'nonce', 'a-nonce-of-someone-else');
      await signInWithProvider(page, MEMBER.email);
      await expectRefusedOnLoginScreen(page, 'failed', 'nonce_mismatch');
    } finally {
      await context.close();
    }
  });

  test('an expired ID token is refused with a clear message on the login screen, and nobody is signed in', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      // The provider's clock ten minutes behind, its ID tokens living a minute: each has expired when it arrives.
      await provider.setClockBehind(600, 60);
      await signInWithProvider(page, MEMBER.email);
      await expectRefusedOnLoginScreen(page, 'failed', 'id_token_expired');
    } finally {
      await provider.setClockBehind(0);
      await context.close();
    }
    // On time again, the same member signs in.
    const again = await ownContext(browser);
    try {
      const page = await again.newPage();
      await signInWithProvider(page, MEMBER.email);
      await expect(page).toHaveURL(`${PUBLIC_URL}/home`);
    } finally {
      await again.close();
    }
  });

  test('someone of a joining domain joins with the role their group gives', async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      // Before an administrator allows the domain, the joiner is a stranger.
      await signInWithProvider(page, JOINER);
      await expect(page.getByRole('alert')).toHaveText(SSO_REFUSAL_MESSAGES.unknown_account);

      await passwordLogin(context, ADMIN);
      await saveSsoCard(page, (card) => card.getByLabel('Joining domains').fill('acme.example'));
      await page.reload();
      await expect(ssoCard(page).getByLabel('Joining domains')).toHaveValue('acme.example');
    } finally {
      await context.close();
    }
    const joining = await ownContext(browser);
    try {
      const page = await joining.newPage();
      await signInWithProvider(page, JOINER);
      await expect(page).toHaveURL(`${PUBLIC_URL}/home`);
      // The provider's group dashboard-admins maps to administrator (OIDC_GROUP_ROLES).
      expect(await currentUser(page)).toMatchObject({ email: JOINER, role: 'admin', name: 'Jo Joiner' });
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign-in security' })).toBeVisible();
    } finally {
      await joining.close();
    }
  });

  test('single sign-on only: a password is refused to a member and allowed to the break-glass administrator', async ({ browser }) => {
    const admin = await ownContext(browser);
    try {
      const page = await admin.newPage();
      await passwordLogin(admin, ADMIN);
      await saveSsoCard(page, async (card) => {
        await card.getByRole('checkbox', { name: /^Single sign-on only/ }).check();
        await card.getByRole('group', { name: /^Break-glass administrators/ }).getByRole('checkbox', { name: new RegExp(`\\(${ADMIN.email}\\)$`) }).check();
      });
    } finally {
      await admin.close();
    }
    const member = await ownContext(browser);
    const breakGlass = await ownContext(browser);
    try {
      const memberPage = await member.newPage();
      await submitLoginForm(memberPage, MEMBER);
      await expect(memberPage.getByRole('alert')).toHaveText(SSO_MESSAGES.ssoOnly(providerName));
      await expect(memberPage).toHaveURL(`${PUBLIC_URL}/`);
      expect((await memberPage.request.get('/api/authenticate-user')).status()).toBe(401);

      const breakGlassPage = await breakGlass.newPage();
      await submitLoginForm(breakGlassPage, ADMIN);
      await expect(breakGlassPage).toHaveURL(`${PUBLIC_URL}/home`);
    } finally {
      await member.close();
      await breakGlass.close();
      // Passwords again for the tests after this one.
      const restore = await ownContext(browser);
      const page = await restore.newPage();
      await passwordLogin(restore, ADMIN);
      await saveSsoCard(page, (card) => card.getByRole('checkbox', { name: /^Single sign-on only/ }).uncheck());
      await restore.close();
    }
  });

  test("sign-out ends the session, through the provider's end-session", async ({ browser }) => {
    const context = await ownContext(browser);
    try {
      const page = await context.newPage();
      await signInWithProvider(page, MEMBER.email);
      await expect(page).toHaveURL(`${PUBLIC_URL}/home`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
      // The provider's logout page (RP-initiated logout), then back to the login screen.
      await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await expect(page).toHaveURL(`${PUBLIC_URL}/`);
      await expect(page.getByRole('link', { name: ssoButton })).toBeVisible();
      expect((await page.request.get('/api/authenticate-user')).status()).toBe(401);
      await page.goto('/home');
      await expect(page).toHaveURL(`${PUBLIC_URL}/`);
      // The provider forgot the member too: its sign-in page asks again.
      await page.getByRole('link', { name: ssoButton }).click();
      await expect(page.getByRole('heading', { name: `${providerName} sign-in` })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the single sign-on card and the login screen pass axe in both themes at desktop and phone size', async ({ browser }) => {
    test.slow();
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of ['light', 'dark'] as const) {
        await test.step(`${size}, ${theme}`, async () => {
          const context = await ownContext(browser, viewport);
          try {
            const page = await context.newPage();
            await page.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
            await openLoginScreen(page);
            await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
            await expect(page.getByRole('link', { name: ssoButton })).toBeVisible();
            await expectNoAccessibilityViolations(page);
            await expectNoSidewaysPage(page, viewport.width);

            await passwordLogin(context, ADMIN);
            const me = await currentUser(page);
            expect((await page.request.post('/api/user/change-theme', { data: { id: me?.id, theme } })).status()).toBe(200);
            await page.goto('/sign-in-security');
            await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
            await expect(ssoCard(page).getByText(`${PUBLIC_URL}/api/sso/callback`)).toBeVisible();
            await expect(ssoCard(page).getByText(provider.issuer, { exact: true })).toBeVisible();
            await expect(ssoCard(page).getByText(provider.clientSecret)).toHaveCount(0);
            await expect(page.getByText('Loading…')).toHaveCount(0);
            await expectNoAccessibilityViolations(page);
            await expectNoSidewaysPage(page, viewport.width);
          } finally {
            await context.close();
          }
        });
      }
    }
  });
});
