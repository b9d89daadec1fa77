import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, expectNoSidewaysPage, signInAs, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The session-ended browser, at its next page: the spec's login form. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

// The sessions page is reached by its address here: its link on User Details follows the second factor's policy,
// which second-factor.spec.ts sets for the whole dashboard (docs/accounts.md#sessions).
test.describe('Sessions', () => {
  for (const [size, viewport, theme] of flowLooks({ desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } })) {
    test(`a member sees their sessions and ends another browser's, which is signed out (${size}, ${theme})`, async ({ page, browser, signIn }) => {
      test.slow();
      await page.setViewportSize(viewport);
      const member = await signIn('viewer');
      await page.request.post('/api/user/change-theme', { data: { id: member.id, theme } });
      const laptop = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
      try {
        await signInAs(laptop, member);
        const laptopPage = await laptop.newPage();
        await laptopPage.goto('/home');
        await expect(laptopPage.getByRole('button', { name: 'Login' })).toHaveCount(0);

        await page.goto(`/user-accounts/${member.id}/sessions`);
        await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        const list = page.getByRole('table', { name: 'Sessions' });
        // This browser, the laptop, and the one the account's set-up signed in with (staff-accounts.ts).
        await expect(list.getByRole('row').filter({ hasText: '127.0.0.1' })).toHaveCount(3);
        const firefox = list.getByRole('row').filter({ hasText: 'Firefox 133 on Windows 10' });
        await expect(firefox).toContainText('Password');
        await expect(list.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
        await expect(firefox.getByText('This session')).toHaveCount(0);
        await expectNoSidewaysPage(page, viewport.width);
        await expectNoAccessibilityViolations(page);

        await page.getByRole('button', { name: 'End the session of Firefox 133 on Windows 10' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('End this session? Whoever uses it is logged out at their next step.')).toBeVisible();
        await expectNoAccessibilityViolations(page, '.modal');
        await dialog.getByRole('button', { name: 'End' }).click();
        await expect(dialog.getByText('The session was ended.')).toBeVisible();
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect(list.getByText('Firefox 133 on Windows 10')).toHaveCount(0);
        await expect(list.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);

        // The other browser is signed out at its next step; this one goes on.
        await expectSignedOut(laptopPage);
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
      } finally {
        await laptop.close();
      }
    });
  }

  test('ending this session logs out here', async ({ page, signIn }) => {
    const member = await signIn('viewer');
    await page.goto(`/user-accounts/${member.id}/sessions`);
    await page.getByRole('button', { name: /\(this session\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('End this session? You are logged out here.')).toBeVisible();
    await dialog.getByRole('button', { name: 'End' }).click();
    await expect(dialog.getByText('The session was ended.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test("an administrator ends every session of a member from Sign-in security's Signed-in staff", async ({ page, browser, signIn, createStaff }) => {
    const member = await createStaff('viewer', `Aaa Sessions ${Date.now()}`);
    const memberContext = await browser.newContext();
    try {
      await signInAs(memberContext, member);
      const memberPage = await memberContext.newPage();
      await memberPage.goto('/home');
      await expect(memberPage.getByRole('button', { name: 'Login' })).toHaveCount(0);

      await signIn('admin');
      await page.goto('/sign-in-security');
      // Ten a page, most recently seen first: the member is found by a part of their address.
      const list = page.getByRole('table', { name: 'Signed-in staff' });
      await expect(list.getByRole('row').nth(1)).toBeVisible();
      const finder = page.getByRole('search', { name: 'Find signed-in staff' });
      await finder.getByRole('searchbox', { name: 'Find a member by name or email address' }).fill(member.email.toUpperCase().split('@')[0] ?? '');
      await finder.getByRole('button', { name: 'Find' }).click();
      await expect(list.getByRole('row')).toHaveCount(2);
      await expect(list.getByRole('row').filter({ hasText: member.email })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: `End all sessions of ${member.name}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`End every session of ${member.name}?`, { exact: false })).toBeVisible();
      await dialog.getByRole('button', { name: 'End all sessions' }).click();
      await expect(dialog.getByText('Every session was ended.')).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('No member matches this search.')).toBeVisible();

      await expectSignedOut(memberPage);
    } finally {
      await memberContext.close();
    }
  });

  test('the Audit Log shows the endings under All identity events', async ({ page, browser, signIn }) => {
    const admin = await signIn('admin');
    const other = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
    try {
      await signInAs(other, admin);
      await page.goto(`/user-accounts/${admin.id}/sessions`);
      await page.getByRole('button', { name: 'End the session of Firefox 133 on Windows 10' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    } finally {
      await other.close();
    }
    await page.goto('/audit-log');
    await page.getByLabel('Action').selectOption({ label: 'All identity events' });
    await expect(page).toHaveURL(/\/audit-log\?group=identity$/);
    await expect(page.getByRole('table').getByText('Ended a session').first()).toBeVisible();
    await expect(page.getByLabel('Action')).toHaveValue('group:identity');
    await expectNoAccessibilityViolations(page);
  });
});
