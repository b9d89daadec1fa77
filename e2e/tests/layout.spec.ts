import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, signInAs, test } from '../support/fixtures.ts';
import { E2E_ASSISTANT_NAME } from '../support/e2e-constants.ts';

/**
 * The open help request count is global: other spec files seed help requests in parallel, so tests
 * about the sidebar's entries answer the count themselves (help-requests.spec.ts tests the real badge).
 */
const withNoOpenHelpRequests = (page: Page) =>
  page.route('**/api/all-help-requests-count', (route) => route.fulfill({ json: { success: true, data: { rows: [{ total_count: 0 }] } } }));

const ADMIN_ENTRIES = ['Home', 'History', 'Feedback', 'Help Requests', 'Documents', 'Inform the Bot', 'Bot Settings', 'User Accounts'];

test.describe('layout', () => {
  test('shows the assistant name in the top bar', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await expect(page.getByRole('banner')).toContainText(`${E2E_ASSISTANT_NAME} Owner Dashboard`);
  });

  test('gives an administrator every sidebar entry in the spec order', async ({ page, signIn }) => {
    await signIn('admin');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link')).toHaveText(ADMIN_ENTRIES);
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sidebar.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
  });

  test('gives a viewer the entries of the viewer capabilities', async ({ page, signIn }) => {
    await signIn('viewer');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    // The default viewer role holds read_documents, read_inform_the_bot and read_user_accounts.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(ADMIN_ENTRIES);
  });

  test('collapses and expands the sidebar', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveClass(/sidebar-collapsed/);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).not.toHaveClass(/sidebar-collapsed/);
  });

  test('hides the help request badge when nothing is open', async ({ page, signIn }) => {
    await signIn('viewer');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Help Requests' })).toHaveText('Help Requests');
  });
});

test.describe('theme', () => {
  test('is saved on every change and comes back after a reload and in a fresh browser', async ({ page, browser, signIn, baseURL }) => {
    const user = await signIn('viewer');
    await page.goto('/home');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
    await expect(html).toHaveClass(/light-mode/);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/change-theme'));
    await page.getByRole('switch', { name: 'Dark mode' }).check();
    expect((await saved).status()).toBe(200);
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await expect(html).not.toHaveClass(/light-mode/);

    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');

    const freshContext = await browser.newContext({ baseURL });
    const freshPage = await freshContext.newPage();
    await signInAs(freshPage, user);
    await freshPage.goto('/home');
    await expect(freshPage.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await freshContext.close();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`login screen has no axe violations in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('steward.theme', value), theme);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expectNoAccessibilityViolations(page);
    });

    test(`home screen has no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  }
});
