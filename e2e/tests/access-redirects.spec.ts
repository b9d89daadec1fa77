import { expect, test } from '../support/fixtures.ts';

test.describe('auth gate', () => {
  for (const path of ['/home', '/history', '/feedback/3', '/user-accounts', '/bot-settings', '/search/x/page/1', '/privacy']) {
    test(`sends a visitor who is not logged in from ${path} to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    });
  }

  for (const path of ['/', '/reset-password', '/reset-password/some-key', '/register/some-key']) {
    test(`sends a signed-in user from the public page ${path} to /home`, async ({ page, signIn }) => {
      await signIn('viewer');
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test('sends a user without the capability from a gated screen to /home', async ({ page, signIn, createStaff }) => {
    await signIn('viewer');
    const other = await createStaff('viewer');
    // A viewer has no create_user.
    await page.goto('/user-accounts/add');
    await expect(page).toHaveURL(/\/home$/);
    // Nor may anyone open another user's detail or password screen.
    await page.goto(`/user-accounts/${other.id}`);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/user-accounts/${other.id}/change-password`);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/user-accounts/${other.id}/sessions`);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('lets a user open their own account route', async ({ page, signIn }) => {
    const user = await signIn('viewer');
    await page.goto(`/user-accounts/${user.id}`);
    await expect(page).toHaveURL(new RegExp(`/user-accounts/${user.id}$`));
  });

  test('shows the router error screen for an unknown route', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('404 Not Found')).toBeVisible();
  });
});
