import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

/** The code an authenticator app shows for the key read off the page, `offsetSteps` steps from now. */
const codeFor = (manualKey: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(manualKey.replaceAll(' ', '')) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysPage(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(width);
}

test.describe('Second factor', () => {
  for (const [size, viewport] of [
    ['phone', { width: 375, height: 740 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`is set up from the account page, then login asks for a code after the password (${size}, ${theme})`, async ({ page, signIn }) => {
        test.slow();
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

        await page.getByLabel('Code').fill(codeFor(key));
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
        // The enrolment's code is spent; a wrong one is refused under the field.
        await page.getByLabel('Code').fill(codeFor(key));
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect(page.getByText('The code you entered is not valid. Please try again.')).toBeVisible();
        // The next step's code (inside the ±1 window) signs in.
        await page.getByLabel('Code').fill(codeFor(key, 1));
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect(page).toHaveURL(/\/home$/);
      });
    }
  }

  test("an administrator resets a member's second factor from the user accounts list", async ({ page, browser, signIn, createStaff }) => {
    const member = await createStaff('viewer', `Aaa Reset ${Date.now()}`);
    // The member sets a factor up through the calls the account page makes.
    const memberContext = await browser.newContext();
    try {
      expect((await memberContext.request.post('/api/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
      const started = await memberContext.request.post(`/api/user/${member.id}/second-factor/start`, { data: {} });
      const key = ((await started.json()) as { data: { rows: { manual_key: string }[] } }).data.rows[0]?.manual_key ?? '';
      expect((await memberContext.request.post(`/api/user/${member.id}/second-factor/confirm`, { data: { code: codeFor(key) } })).status()).toBe(200);
    } finally {
      await memberContext.close();
    }

    await signIn('admin');
    await page.goto('/user-accounts');
    await page.getByRole('button', { name: `Reset the second factor of ${member.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Reset the second factor of ${member.name}?`, { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(dialog.getByText('The second factor was reset.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();

    // The member's password alone signs in again.
    const again = await browser.newContext();
    try {
      expect((await again.request.post('/api/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
    } finally {
      await again.close();
    }
  });
});
