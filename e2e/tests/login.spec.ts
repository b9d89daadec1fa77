import { expect, signInAs, test } from '../support/fixtures.ts';

test.describe('Login screen', () => {
  test('shows the headline, fields, reset link and button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', 'name@example.com');
    await expect(page.getByRole('link', { name: 'Forgot password? Reset here' })).toHaveAttribute('href', '/reset-password');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('asks for the email and the password when both are empty', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
  });

  test('refuses an address that does not look like one', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The email address you entered is not valid. Please try again.')).toBeVisible();
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('shows a wrong password above the button, the same as an unknown email', async ({ page, createStaff }) => {
    const user = await createStaff('viewer');
    await page.goto('/');
    for (const email of [user.email, 'nobody-here@example.com']) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-9');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toHaveText('The email address or password you entered is incorrect.');
    }
  });

  test('signs in and goes to /home', async ({ page, createStaff }) => {
    const user = await createStaff('admin');
    await page.goto('/');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('Logout goes back to / and ends the session', async ({ page, createStaff }) => {
    const user = await createStaff('viewer');
    await signInAs(page, user);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/$/);
  });
});
