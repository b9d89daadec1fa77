import type { APIRequestContext } from '@playwright/test';
import { INTEGRATION_KEY_MESSAGES } from '@steward/contract/integration-keys';
import { uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

// Issue 57 (docs/integrations.md): the Integrations screen's integration keys, light at desktop size
// and dark at phone size (support/looks.ts): a key is created with its scopes, shown once with a Copy button, works on the bot API and the
// read-only exports within its scopes, and is refused from the moment it is revoked.

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

/** One export (History, CSV) with this key alone, as an integration calls it: the status it answers. */
const exportWith = async (request: APIRequestContext, key: string): Promise<number> =>
  (await request.get('/api/export/history?format=csv', { headers: { authorization: `Bearer ${key}` } })).status();

/** One exchange through the bot API with this key: the status it answers. */
const reportWith = async (request: APIRequestContext, key: string): Promise<number> =>
  (
    await request.post('/api/bot/messages', {
      headers: { authorization: `Bearer ${key}` },
      data: { session_id: uniqueSessionId('integration-key'), user_message: 'Opening hours?', api_response: '<p>9 to 5.</p>' },
    })
  ).status();

for (const [size, viewport, theme] of flowLooks(SIZES)) {
  test(`creates a key shown once with Copy, and revokes it at once (${theme}, ${size})`, async ({ page, context, request, signIn }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(viewport);
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
    await page.goto('/home');
    // The sidebar is a drawer on a phone: its menu button opens it.
    if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = size === 'phone' ? page.getByRole('dialog', { name: 'Menu' }) : page;
    await menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);

    // Nothing chosen: the contract's message, nothing made.
    const name = `Help desk ${theme} ${size} ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText(INTEGRATION_KEY_MESSAGES.scopesRequired)).toBeVisible();

    await page.getByLabel(/Record chat exchanges/).check();
    await expect(page.getByLabel(/Read-only exports/)).toBeVisible();
    if (size === 'desktop') await page.getByLabel(/Read-only exports/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByTestId('new-integration-key');
    await expect(secret.getByText(INTEGRATION_KEY_MESSAGES.created)).toBeVisible();
    const key = (await secret.locator('code').first().textContent()) ?? '';
    expect(key).toMatch(/^stw_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    await secret.getByRole('button', { name: `Copy the key ${name}` }).click();
    await expect(secret.getByRole('button', { name: `Copy the key ${name}` })).toContainText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The pointer off the button, so axe reads its resting colours rather than the hover state's.
    await page.mouse.move(0, 0);
    await test.step('axe, with the new key shown', () => expectNoAccessibilityViolations(page));

    const item = page.getByTestId('integration-key').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(item.locator('.badge')).toHaveText('Active');
    await expect(item.getByText(key.slice(0, 16), { exact: true })).toBeVisible();
    expect(await reportWith(request, key)).toBe(200);
    // The exports open only to a key that holds their scope (chosen at desktop size, not on the phone).
    expect(await exportWith(request, key)).toBe(size === 'desktop' ? 200 : 403);
    await expect(item.getByText(size === 'desktop' ? 'Record chat exchanges, Read-only exports' : 'Record chat exchanges', { exact: true })).toBeVisible();

    // Shown once: gone after Done, and not on the page after a reload.
    await secret.getByRole('button', { name: 'Done' }).click();
    await expect(secret).toHaveCount(0);
    await page.reload();
    await expect(item.getByText(/^Never$/)).toHaveCount(1);
    await expect(item.getByText(/ from 127\.0\.0\.1$/)).toBeVisible();
    expect(await page.content()).not.toContain(key.slice(17));

    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(INTEGRATION_KEY_MESSAGES.confirmRevoke)).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByText(INTEGRATION_KEY_MESSAGES.revoked)).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(item.locator('.badge')).toHaveText('Revoked');
    await expect(item.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
    expect(await reportWith(request, key)).toBe(401);
    expect(await exportWith(request, key)).toBe(401);
    await test.step('axe, with a revoked key listed', () => expectNoAccessibilityViolations(page));
  });
}

test('a viewer has no Integrations entry and is sent away from the screen', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await page.goto('/integrations');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toHaveCount(0);
  expect((await page.request.get('/api/integration-keys')).status()).toBe(403);
});
