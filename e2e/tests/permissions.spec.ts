import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// Spec section 6 in the browser, each rule beside the server's answer to the same signed-in user:
// the screen and the call follow one rule of packages/contract/src/permissions.ts.

const NOT_ALLOWED = 'You do not have permission to do this.';

async function addInformation(page: Page, content: string): Promise<number> {
  const answer = await page.request.post('/api/inform-the-bot', { data: { content } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
}

const card = (page: Page, content: string) => page.getByRole('article').filter({ hasText: content });

test.describe('permissions: the screen and the call agree', () => {
  test('add user: a viewer gets no link, no screen, and a 403 from the call', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/user-accounts');
    await expect(page.getByRole('heading', { name: 'User Accounts' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+ Add new user' })).toHaveCount(0);
    await page.goto('/user-accounts/add');
    await expect(page).toHaveURL(/\/home$/);

    const answer = await page.request.post('/api/add-user', { data: { name: 'Ivy', email: `ivy-${Date.now()}@example.com`, role: 'viewer' } });
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(NOT_ALLOWED);
  });

  test('add user: an administrator gets the link and the screen', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/user-accounts');
    await page.getByRole('link', { name: '+ Add new user' }).click();
    await expect(page).toHaveURL(/\/user-accounts\/add$/);
    await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeVisible();
  });

  test('Inform the Bot delete is admin by role: a viewer who may add and edit gets no Delete, and a 403', async ({ page, signIn }) => {
    await signIn('viewer');
    const content = `Viewer's note ${Date.now()}`;
    const id = await addInformation(page, content);
    await page.goto('/inform-the-bot');
    await expect(card(page, content).getByRole('button', { name: /^Edit/ })).toBeVisible();
    await expect(card(page, content).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    const answer = await page.request.post(`/api/inform-the-bot/delete/${id}`);
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(NOT_ALLOWED);
  });

  test("approval: an item's own author sees a disabled Pending approval, and the call refuses them", async ({ page, signIn }) => {
    await signIn('admin');
    const content = `Admin's own note ${Date.now()}`;
    const id = await addInformation(page, content);
    await page.goto('/inform-the-bot');
    await expect(card(page, content).getByRole('button', { name: 'Pending approval' })).toBeDisabled();
    await expect(card(page, content).getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const answer = await page.request.post(`/api/inform-the-bot/approve/${id}`, { data: { content } });
    expect(answer.status()).toBe(403);
  });
});
