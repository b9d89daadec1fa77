import type { Browser, Page } from '@playwright/test';
import { WEEKLY_REPORT_MESSAGES } from '@steward/contract/weekly-report';
import { E2E_DATA_DIR } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, expectNoSidewaysPage, signInAs, type StaffUser, test } from '../support/fixtures.ts';
import { mailsTo } from '../support/outbox.ts';
import { scaled } from '../support/slowdown.ts';
import { flowLooks } from '../support/looks.ts';

// Issue 57 (docs/integrations.md#the-weekly-report): the weekly report is off by default (User Detail as the spec
// has it); an administrator offers it on Integrations, a member opts in on their own User Detail, and the mail's
// unsubscribe link works without signing in. Light at desktop size, dark at phone size (support/looks.ts).

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

/** Offers the report or not through Integrations' call, as an administrator in a context of its own. */
async function setOffer(browser: Browser, admin: StaffUser, offered: boolean): Promise<void> {
  const context = await browser.newContext();
  try {
    await signInAs(context, admin);
    expect((await context.request.post('/api/weekly-report/offer', { data: { offered } })).status()).toBe(200);
  } finally {
    await context.close();
  }
}

/** Clicks a switch and waits for the call it makes to answer 200. */
async function toggle(page: Page, name: string, call: string): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().endsWith(call) && response.request().method() === 'POST');
  await page.getByRole('checkbox', { name }).click();
  expect((await saved).status()).toBe(200);
}

// The offer is one for the whole dashboard: these tests run one after another, and leave it off.
test.describe.configure({ mode: 'serial' });

test.describe('Weekly report', () => {
  test.afterAll(async ({ browser, createStaff }) => setOffer(browser, await createStaff('admin'), false));

  test("is off by default: User Detail is the spec's, and opting in by call is refused", async ({ page, browser, signIn, createStaff }) => {
    await setOffer(browser, await createStaff('admin'), false);
    const user = await signIn('viewer');
    // The opt-in's own call answers before the test says it shows nothing.
    const answered = page.waitForResponse((response) => response.url().endsWith(`/api/user/${user.id}/weekly-report`));
    await page.goto(`/user-accounts/${user.id}`);
    await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Details', level: 1 })).toBeVisible();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Weekly report' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Mail me the weekly report every Monday' })).toHaveCount(0);
    const refused = await page.request.post(`/api/user/${user.id}/weekly-report`, { data: { subscribed: true } });
    expect(refused.status()).toBe(403);
  });

  for (const [size, viewport, theme] of flowLooks(SIZES)) {
    test(`an administrator offers it, a member opts in on User Detail, and the mail's link unsubscribes without signing in (${size}, ${theme})`, async ({ page, browser, signIn, createStaff }) => {
      test.slow();
      await setOffer(browser, await createStaff('admin'), false);
      await page.setViewportSize(viewport);
      const admin = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: admin.id, theme } });

      // Integrations: the card, off, then offered.
      await page.goto('/integrations');
      await expect(page.getByRole('heading', { name: 'Weekly report', level: 2 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      const offered = page.getByRole('checkbox', { name: 'Offer the weekly report to staff' });
      await expect(offered).not.toBeChecked();
      await toggle(page, 'Offer the weekly report to staff', '/api/weekly-report/offer');
      await expect(offered).toBeChecked();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);

      // One's own User Detail: the opt-in, off, then on.
      await page.goto(`/user-accounts/${admin.id}`);
      const optIn = page.getByRole('checkbox', { name: 'Mail me the weekly report every Monday' });
      await expect(optIn).not.toBeChecked();
      await toggle(page, 'Mail me the weekly report every Monday', `/api/user/${admin.id}/weekly-report`);
      await expect(optIn).toBeChecked();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);

      // A sample of the mail, from Integrations: its unsubscribe link.
      await page.goto('/integrations');
      await page.getByRole('button', { name: "Send me last week's report" }).click();
      await expect(page.getByText(/last week's report was written to the outbox folder/)).toBeVisible();
      let link = '';
      await expect
        .poll(async () => (link = (await mailsTo(E2E_DATA_DIR, admin.email)).flatMap((mail) => mail.links).find((url) => url.includes('/weekly-report/unsubscribe/')) ?? ''), {
          timeout: scaled(15_000),
        })
        .not.toBe('');
      const path = new URL(link).pathname;

      // Opened in a browser that is not signed in, in the same theme as this browser last used.
      const stranger = await browser.newContext({ viewport });
      try {
        await stranger.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
        const visitor = await stranger.newPage();
        await visitor.goto(`${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`);
        await expect(visitor.getByRole('alert')).toHaveText(WEEKLY_REPORT_MESSAGES.linkInvalid);
        await visitor.goto(path);
        await expect(visitor.getByRole('heading', { name: 'Weekly report', level: 1 })).toBeVisible();
        await expect(visitor.getByText(`Stop the weekly report to ${admin.email}?`)).toBeVisible();
        await expect(visitor.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expectNoSidewaysPage(visitor, viewport.width);
        await expectNoAccessibilityViolations(visitor);
        const stopped = visitor.waitForResponse((response) => response.url().endsWith(path.replace('/weekly-report/', '/api/weekly-report/')) && response.request().method() === 'POST');
        await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
        expect((await stopped).status()).toBe(200);
        await expect(visitor.getByRole('status')).toContainText(WEEKLY_REPORT_MESSAGES.unsubscribed);
        await expectNoAccessibilityViolations(visitor);
      } finally {
        await stranger.close();
      }

      // Back on User Detail: the member no longer gets it.
      await page.goto(`/user-accounts/${admin.id}`);
      await expect(page.getByRole('checkbox', { name: 'Mail me the weekly report every Monday' })).not.toBeChecked();
    });
  }
});
