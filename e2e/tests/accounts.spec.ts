import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownServersBudget, startBuiltServer } from '../support/built-server.ts';
import { E2E_DATA_DIR, E2E_PASSWORD, E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { mailedLink } from '../support/outbox.ts';

const NEW_PASSWORD = 'Fresh-Password-42';

test.describe('Forgot password', () => {
  test('shows the form and asks for a valid address', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/');
    await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', 'name@example.com');
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter an email address.')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  });

  test('shows "Check your email" with the address, and Resend Email turns into a disabled "Sent!"', async ({ page, createStaff }) => {
    const user = await createStaff('viewer');
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await expect(page.getByRole('button', { name: 'Sent!' })).toBeDisabled();
    // Mail 1 was the user's invitation; 2 and 3 are the reset mails.
    await mailedLink(E2E_DATA_DIR, user.email, 3);
  });
});

test.describe('Reset password', () => {
  test('checks the new password, resets it from the mailed link, and the link works only once', async ({ page, createStaff }) => {
    const user = await createStaff('viewer');
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const link = await mailedLink(E2E_DATA_DIR, user.email, 2); // mail 1 was the invitation
    expect(link).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);

    await page.goto(link);
    await expect(page.getByText('At least 8 characters, with at least 1 capital letter and 1 number.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Please enter a new password.')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long and include 1 capital letter and 1 number.')).toBeVisible();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successfully')).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The used link, opened again in another browser, shows the server's message at the bottom of the form.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This password reset link has already been used. Please request a new one.');
  });
});

test.describe('Add user and Register', () => {
  test('invites a new user, who registers from the mailed link and logs in', async ({ page, signIn, browser }) => {
    await signIn('admin');
    await page.goto('/user-accounts/add');
    await expect(page.getByLabel('Role')).toHaveValue('admin');
    await expect(page.getByLabel('Role').locator('option')).toHaveText(['Administrator', 'Viewer']);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Please enter a name.')).toBeVisible();
    await expect(page.getByText('Please enter an email address.')).toBeVisible();

    const email = `invited-${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Ivy Invited');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByRole('dialog').getByText('Invitation has been sent!')).toBeVisible();
    const link = await mailedLink(E2E_DATA_DIR, email);
    expect(link).toMatch(/^\/register\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole('link', { name: 'Back to User Accounts' }).click();
    await expect(page).toHaveURL(/\/user-accounts$/);

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Register' })).toBeVisible();
    await invitee.getByRole('button', { name: 'Register' }).click();
    await expect(invitee.getByText('Please enter a password.')).toBeVisible();
    await invitee.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await invitee.getByLabel('Confirm Password', { exact: true }).fill('Different-1');
    await invitee.getByRole('button', { name: 'Register' }).click();
    await expect(invitee.getByText('Passwords do not match.')).toBeVisible();
    await invitee.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await invitee.getByRole('button', { name: 'Register' }).click();
    await expect(invitee.getByText('Registration successful')).toBeVisible();
    await invitee.getByRole('link', { name: 'Login' }).click();
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await invitee.getByRole('button', { name: 'Login' }).click();
    await expect(invitee).toHaveURL(/\/home$/);
    await invitee.context().close();

    // The new account shows in the list with the invited role.
    await page.goto('/user-accounts');
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Viewer');
  });

  test('shows an existing account under the email field', async ({ page, signIn, createStaff }) => {
    await signIn('admin');
    const existing = await createStaff('viewer');
    await page.goto('/user-accounts/add');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email Address').fill(existing.email);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.locator('#add-user-email-error')).toHaveText('An account with this email address already exists.');
  });

  test('shows a bad invitation key at the bottom of the form', async ({ page }) => {
    await page.goto('/register/not-a-real-key');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link is not valid. Please ask an administrator to send a new invitation.',
    );
  });
});

test.describe('User accounts list', () => {
  test('lists Name, Email Address and Role, 20 a page, with "+ Add new user" for an administrator', async ({ page, signIn, createStaff }) => {
    test.slow(); // 21 accounts, each invited and registered for real
    const admin = await signIn('admin');
    for (let index = 0; index < 21; index += 1) await createStaff('viewer');
    await page.goto('/user-accounts');
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Email Address', 'Role', 'Actions']);
    await expect(page.getByRole('link', { name: '+ Add new user' })).toHaveAttribute('href', '/user-accounts/add');
    await expect(page.locator('tbody tr')).toHaveCount(20);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/user-accounts\/page\/2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // The own row has no Delete action; the role reads as its label.
    await page.goto('/user-accounts');
    const pages = await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link').count();
    let ownRow = page.getByRole('row', { name: new RegExp(admin.email) });
    for (let pageNumber = 2; (await ownRow.count()) === 0 && pageNumber <= pages; pageNumber += 1) {
      await page.goto(`/user-accounts/page/${pageNumber}`);
      ownRow = page.getByRole('row', { name: new RegExp(admin.email) });
    }
    await expect(ownRow).toContainText('Administrator');
    await expect(ownRow.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    // A row click opens the account's detail.
    await ownRow.getByRole('cell', { name: admin.email }).click();
    await expect(page).toHaveURL(new RegExp(`/user-accounts/${admin.id}$`));
    await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  });

  test('gives a viewer no "+ Add new user" and no Delete actions', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/user-accounts');
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Email Address', 'Role']);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '+ Add new user' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });

  test('deletes another user from the list after confirmation', async ({ page, signIn, createStaff }) => {
    await signIn('admin');
    const victim = await createStaff('viewer', `Aaa Victim ${Date.now()}`);
    await page.goto('/user-accounts');
    await page.getByRole('button', { name: `Delete ${victim.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('User has been successfully deleted.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('row', { name: new RegExp(victim.email) })).toHaveCount(0);
  });
});

test.describe('User detail and Change password', () => {
  test('shows Name, Email and Role with a Change Password link; a viewer gets no Delete User', async ({ page, signIn }) => {
    const viewer = await signIn('viewer');
    await page.goto(`/user-accounts/${viewer.id}`);
    await expect(page.getByText(viewer.name)).toBeVisible();
    await expect(page.getByText(viewer.email)).toBeVisible();
    await expect(page.getByText('Viewer', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(new RegExp(`/user-accounts/${viewer.id}/change-password$`));
  });

  test('changes the password, showing errors where the spec puts them', async ({ page, signIn }) => {
    const user = await signIn('viewer');
    await page.goto(`/user-accounts/${user.id}/change-password`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Please enter the old password.')).toBeVisible();
    await expect(page.getByText('Please enter a new password.')).toBeVisible();
    await page.getByLabel('Old Password', { exact: true }).fill('Wrong-Old-1');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.locator('#change-old-password-error')).toHaveText('The old password is not correct.');
    await page.getByLabel('Old Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully!')).toBeVisible();
    const login = await page.request.post('/api/login', { data: { email: user.email, password: NEW_PASSWORD } });
    expect(login.status()).toBe(200);
  });

  test('lets an administrator delete their own account, which ends the session', async ({ page, signIn, createStaff }) => {
    // Never the last administrator: make sure another one exists.
    await createStaff('admin');
    const admin = await signIn('admin');
    await page.goto(`/user-accounts/${admin.id}`);
    await page.getByRole('button', { name: 'Delete User' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('User has been successfully deleted.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });
});

test.describe('Sign-in link', () => {
  test('with LOGIN_EMAIL_CHECK, a new browser gets a mailed link after the right password, and the link signs it in', async ({ page }) => {
    // A second shipped server, started with the setting on, as an operator would.
    test.setTimeout(ownServersBudget());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-email-check-'));
    const port = E2E_PORT + 1;
    const admin = { email: 'checked-admin@example.com', password: 'Checked-Admin-1' };
    const server = await startBuiltServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_EMAIL_CHECK: 'true',
      STEWARD_ADMIN_EMAIL: admin.email,
      STEWARD_ADMIN_PASSWORD: admin.password,
    });
    try {
      await page.goto(`${server.url}/`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(
        page.getByText('For your security, we sent a sign-in link to your email address. Open it to finish logging in on this browser.'),
      ).toBeVisible();
      await expect(page).not.toHaveURL(/\/home$/);

      const link = await mailedLink(dataDir, admin.email);
      expect(link).toMatch(/^\/\?email=.+&verificationCode=[A-Za-z0-9_-]{43}$/);
      await page.goto(`${server.url}${link}`);
      await expect(page).toHaveURL(/\/home$/);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('shows an expired or used link on the login screen', async ({ page, createStaff }) => {
    const user = await createStaff('viewer');
    await page.goto(`/?email=${encodeURIComponent(user.email)}&verificationCode=${'x'.repeat(43)}`);
    await expect(page.getByRole('alert')).toHaveText('This sign-in link is not valid or has expired. Please log in again.');
    await expect(page).not.toHaveURL(/\/home$/);
  });
});

test.describe('accessibility of the account screens', () => {
  test('public screens have no axe violations', async ({ page }) => {
    for (const path of ['/reset-password', '/reset-password/some-key', '/register/some-key']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
    }
  });

  test('signed-in screens have no axe violations', async ({ page, signIn }) => {
    const admin = await signIn('admin');
    for (const path of ['/user-accounts', '/user-accounts/add', `/user-accounts/${admin.id}`, `/user-accounts/${admin.id}/change-password`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    }
  });
});
