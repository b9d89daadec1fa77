import type { Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, signInAs, test } from '../support/fixtures.ts';
import { SCREEN_ROUTE_PARAMETERS, type ScreenIds, signedInScreens } from '../support/signed-in-screens.ts';
import type { StaffAccounts } from '../support/staff-accounts.ts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

/** The screens without sign-in, and a register link that is live (so the register screen shows its email). */
const publicScreens = (registerPath: string) => ['/', '/reset-password', '/reset-password/an-example-key', registerPath];
const signedInPaths = (ids: ScreenIds) => [...signedInScreens(ids), '/no-such-screen'];

/** What the screens of one theme and size show: rows on every list, a live register link. */
interface Sweep {
  ids: ScreenIds;
  registerPath: string;
}

/** Makes the rows the screens show and signs `page` in as a new administrator in `theme`. */
async function prepareSweep(page: Page, staffAccounts: StaffAccounts, theme: 'light' | 'dark'): Promise<Sweep> {
  const { request } = page;
  const sessionId = uniqueSessionId('sweep');
  const historyId = await postBotMessage(request, {
    session_id: sessionId,
    user_message: 'Where is my parcel?',
    api_response: '<p>It ships <b>today</b>.</p>',
    origin: 'https://shop.example.com/help',
    source_docs: [{ metadata: { filename: 'shipping.pdf', source_url: 'https://shop.example.com/shipping.pdf' } }],
  });
  const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', reason: ['Too slow'] });
  const helpRequestId = await postBotHelpRequest(request, {
    name: 'Sweep Visitor',
    email: 'sweep-visitor@example.com',
    message: 'Please call me back.',
    origin_url: 'https://shop.example.com/help',
  });
  await staffAccounts.create('viewer', 'Sweep Colleague');
  const user = await staffAccounts.create('admin');
  await signInAs(page, user);
  expect((await request.post('/api/user/change-theme', { data: { id: user.id, theme } })).status()).toBe(200);
  const invited = await request.post('/api/add-user', { data: { name: 'Sweep Invitee', email: `sweep-${uniqueSessionId(theme)}@example.com`, role: 'viewer' } });
  const registerLink = ((await invited.json()) as { data: { rows: { register_link?: string }[] } }).data.rows[0]?.register_link ?? '/register/none';
  return { ids: { sessionId, feedbackId, helpRequestId, userId: user.id, searchText: 'parcel' }, registerPath: new URL(registerLink, 'http://x.invalid').pathname };
}

/**
 * axe on every screen, in both themes, at desktop and phone size, with data on the lists and a confirmation
 * modal open. One test per screen, so each stays within the test timeout however many screens there are.
 * The data and the administrator are made once per theme and size, and the screens of a group share one
 * page (its browser cache), as a person moving through the dashboard does.
 */
for (const [size, viewport] of Object.entries(SIZES)) for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in the ${theme} theme at ${size} size`, () => {
    let sweep: Sweep;
    let signedIn: Page;
    let signedOut: Page;
    test.beforeAll(async ({ browser, staffAccounts }) => {
      // Pages of contexts of their own (axe opens a page beside the one it checks).
      signedIn = await (await browser.newContext({ viewport })).newPage();
      sweep = await prepareSweep(signedIn, staffAccounts, theme);
      // The signed-out screens, in the theme this browser remembers.
      signedOut = await (await browser.newContext({ viewport })).newPage();
      await signedOut.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
    });
    test.afterAll(async () => {
      await signedIn?.context().close();
      await signedOut?.context().close();
    });

    for (const [index, route] of signedInPaths(SCREEN_ROUTE_PARAMETERS).entries()) {
      test(`${route} has no axe violations`, async () => {
        await signedIn.goto(signedInPaths(sweep.ids)[index] ?? route);
        await expect(signedIn.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(signedIn.getByText('Loading…')).toHaveCount(0);
        await expect(signedIn.getByRole('heading').first()).toBeVisible();
        await expectNoAccessibilityViolations(signedIn);
      });
    }

    test('the delete confirmation modal has no axe violations', async () => {
      await signedIn.goto('/user-accounts');
      await signedIn.getByRole('button', { name: /^Delete / }).first().click();
      await expect(signedIn.getByRole('dialog', { name: 'Are you sure you want to delete this user?' })).toBeVisible();
      // axe reads colours as drawn: wait for the modal's fade-in to end.
      // A cancelled animation rejects `finished` (AbortError): it is over all the same.
      await signedIn.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      await expectNoAccessibilityViolations(signedIn);
    });

    for (const [index, route] of publicScreens('/register/:key').entries()) {
      test(`${route} (signed out) has no axe violations`, async () => {
        await signedOut.goto(publicScreens(sweep.registerPath)[index] ?? route);
        await expect(signedOut.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(signedOut.getByRole('heading').first()).toBeVisible();
        await expectNoAccessibilityViolations(signedOut);
      });
    }
  });
}
