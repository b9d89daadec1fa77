import type { Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import type { SecondFactorPolicy } from '@steward/contract/second-factor';
import { expect, expectNoAccessibilityViolations, expectNoSidewaysPage, signInAs, type StaffUser, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

/** The code an authenticator app shows for the key read off the page, `offsetSteps` steps from now. */
const codeFor = (manualKey: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(manualKey.replaceAll(' ', '')) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Sets the sign-in policy through Sign-in security's call, as an administrator in a context of its own. */
async function setPolicy(browser: Browser, admin: StaffUser, policy: SecondFactorPolicy): Promise<void> {
  const context = await browser.newContext();
  try {
    await signInAs(context, admin);
    expect((await context.request.post('/api/second-factor-policy', { data: { second_factor: policy } })).status()).toBe(200);
  } finally {
    await context.close();
  }
}

/** A member sets a factor up through the calls the account page makes (the policy must offer it). */
async function enrolThroughCalls(browser: Browser, member: StaffUser): Promise<void> {
  const context = await browser.newContext();
  try {
    await signInAs(context, member);
    const started = await context.request.post(`/api/user/${member.id}/second-factor/start`, { data: {} });
    expect(started.status()).toBe(200);
    const key = ((await started.json()) as { data: { rows: { manual_key: string }[] } }).data.rows[0]?.manual_key ?? '';
    expect((await context.request.post(`/api/user/${member.id}/second-factor/confirm`, { data: { code: codeFor(key) } })).status()).toBe(200);
  } finally {
    await context.close();
  }
}

// The policy is one for the whole dashboard: these tests run one after another, and leave it off.
test.describe.configure({ mode: 'serial' });

test.describe('Second factor', () => {
  test.afterAll(async ({ browser, createStaff }) => setPolicy(browser, await createStaff('admin'), 'off'));

  test("is off by default: User Detail is the spec's, and setting one up by URL is refused", async ({ page, browser, signIn, createStaff }) => {
    await setPolicy(browser, await createStaff('admin'), 'off');
    const user = await signIn('viewer');
    await page.goto(`/user-accounts/${user.id}`);
    await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Second Factor' })).toHaveCount(0);
    await page.goto(`/user-accounts/${user.id}/second-factor`);
    await expect(page.getByText('Second factors are not offered. An administrator can offer them on Sign-in security.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up second factor' })).toHaveCount(0);
    // A viewer has no Sign-in security.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign-in security' })).toHaveCount(0);
  });

  for (const [size, viewport, theme] of flowLooks({ desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } })) {
    test(`an administrator offers it on Sign-in security, a member sets it up from their account page, then login asks for a code (${size}, ${theme})`, async ({ page, browser, signIn, createStaff }) => {
      test.slow();
      const admin = await createStaff('admin');
      await setPolicy(browser, admin, 'off');
      const adminContext = await browser.newContext({ viewport });
      try {
        const adminPage = await adminContext.newPage();
        await signInAs(adminPage, admin);
        await adminPage.request.post('/api/user/change-theme', { data: { id: admin.id, theme } });
        // The sidebar's entry is sidebar.test.tsx's; a phone folds the sidebar away.
        await adminPage.goto('/sign-in-security');
        await expect(adminPage.getByRole('heading', { name: 'Sign-in security', level: 1 })).toBeVisible();
        await expect(adminPage.getByRole('radio', { name: /^Off Nobody/ })).toBeChecked();
        const saved = adminPage.waitForResponse((response) => response.url().endsWith('/api/second-factor-policy') && response.request().method() === 'POST');
        await adminPage.getByRole('radio', { name: /^Offered Staff/ }).click();
        expect((await saved).status()).toBe(200);
        await expect(adminPage.getByRole('radio', { name: /^Offered Staff/ })).toBeChecked();
        await expect(adminPage.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expectNoSidewaysPage(adminPage, viewport.width);
        await expectNoAccessibilityViolations(adminPage);
      } finally {
        await adminContext.close();
      }

      await page.setViewportSize(viewport);
      const user = await signIn('viewer');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });

      await page.goto(`/user-accounts/${user.id}`);
      await page.getByRole('link', { name: 'Second Factor' }).click();
      await expect(page).toHaveURL(new RegExp(`/user-accounts/${user.id}/second-factor$`));
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText('You have no second factor.')).toBeVisible();
      await page.getByRole('button', { name: 'Set up second factor' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const key = (await page.getByTestId('second-factor-key').textContent()) ?? '';
      expect(key.replaceAll(' ', '')).toMatch(/^[A-Z2-7]{32}$/);
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);

      // Kept: a later step's code would be a new one, and this one must be refused as spent at sign-in.
      const enrolmentCode = codeFor(key);
      await page.getByLabel('Code').fill(enrolmentCode);
      await page.getByRole('button', { name: 'Confirm' }).click();
      const codes = page.getByRole('region', { name: 'Recovery codes' });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await expect(page.getByText('Your second factor is on. Recovery codes left: 10.')).toBeVisible();
      await expectNoSidewaysPage(page, viewport.width);
      await expectNoAccessibilityViolations(page);

      // Sign out, then the spec's login form: the right password leads to the second step, not to /home.
      expect((await page.request.get('/api/logout', { headers: { [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value } })).status()).toBe(200);
      await page.goto('/');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      // The enrolment's code is spent (even when its 30-second step has passed meanwhile): refused under the field.
      await page.getByLabel('Code').fill(enrolmentCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('The code you entered is not valid. Please try again.')).toBeVisible();
      // The next step's code (inside the ±1 window) signs in.
      await page.getByLabel('Code').fill(codeFor(key, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test("an administrator resets a member's second factor from Sign-in security, not from the user accounts list", async ({ page, browser, signIn, createStaff }) => {
    const member = await createStaff('viewer', `Aaa Reset ${Date.now()}`);
    const admin = await signIn('admin');
    await setPolicy(browser, admin, 'offered');
    await enrolThroughCalls(browser, member);
    // Back to off: the member keeps the factor, and is still listed.
    await setPolicy(browser, admin, 'off');

    await page.goto('/user-accounts');
    await expect(page.getByRole('button', { name: `Delete ${member.name}` }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: /Reset the second factor/ })).toHaveCount(0);

    await page.goto('/sign-in-security');
    const list = page.getByRole('table', { name: 'Staff with a second factor' });
    const finder = page.getByRole('search', { name: 'Find staff with a second factor' });
    await finder.getByRole('searchbox').fill(member.name);
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByText(member.email)).toBeVisible();
    await page.getByRole('button', { name: `Reset the second factor of ${member.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Reset the second factor of ${member.name}?`, { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(dialog.getByText('The second factor was reset.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(member.email)).toHaveCount(0);

    // The member's password alone signs in again.
    const again = await browser.newContext();
    try {
      expect((await again.request.post('/api/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
    } finally {
      await again.close();
    }
  });
});
