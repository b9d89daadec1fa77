import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, signInAs, test } from '../support/fixtures.ts';

const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Adds an item through the real call, as the signed-in user of this page. */
async function addItem(page: Page, content: string): Promise<number> {
  const answer = await page.request.post('/api/inform-the-bot', { data: { content } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
}

const card = (page: Page, content: string) => page.getByRole('article').filter({ hasText: content });

/** Holds a call's answer until `release` is called, so "…ing..." states can be seen. */
async function holdCall(page: Page, urlPart: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${urlPart}`, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

test.describe('Inform the Bot', () => {
  test('adds typed information, which appears at the top at once as pending', async ({ page, signIn }) => {
    const user = await signIn('viewer', 'Nora Newcomer');
    await page.goto('/inform-the-bot');
    await expect(page.getByRole('heading', { name: 'Inform the Bot' })).toBeVisible();
    await page.getByRole('button', { name: 'Add new information' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please type new content or upload files.')).toBeVisible();

    const content = `Our store opens at 8 on Saturdays ${Date.now()}`;
    await page.getByLabel('Content').fill(content);
    const release = await holdCall(page, '/api/inform-the-bot');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await expect(page.getByText('You have successfully added new information.')).toBeVisible();
    const first = page.getByRole('article').first();
    await expect(first).toContainText(content);
    await expect(first).toContainText(user.name);
    await expect(first).toContainText(longDate(new Date()));
    await expect(first).toContainText('Pending');
    // The four-eyes rule: the creator cannot approve their own item.
    await expect(first.getByRole('button', { name: 'Pending approval' })).toBeDisabled();
    await expect(first.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    // Only admins delete.
    await expect(first.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  });

  test('turns an uploaded text file into an item', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/inform-the-bot');
    await page.getByRole('button', { name: 'Add new information' }).click();
    const text = `Returns are free within 30 days ${Date.now()}`;
    await page.getByLabel(/Or upload files/).setInputFiles({ name: 'returns.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('article').first()).toContainText(text);
    await expect(page.getByRole('article').first()).toContainText('From a file');
  });

  test('lets another viewer approve, showing Approving... while it works', async ({ page, browser, baseURL, createStaff }) => {
    const author = await createStaff('viewer');
    const authorContext = await browser.newContext({ baseURL });
    const authorPage = await authorContext.newPage();
    await signInAs(authorPage, author);
    const content = `Gift cards never expire ${Date.now()}`;
    await addItem(authorPage, content);
    await authorContext.close();

    await signInAs(page, await createStaff('viewer'));
    await page.goto('/inform-the-bot');
    const item = card(page, content);
    const release = await holdCall(page, '/api/inform-the-bot/approve/*');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(item.getByRole('button', { name: 'Approving...' })).toBeDisabled();
    release();
    await expect(item).toContainText('Approved');
    await expect(item.getByRole('button', { name: /Approv/ })).toHaveCount(0);
  });

  test('edits content in a modal, with its validation and Saving...', async ({ page, signIn }) => {
    await signIn('viewer');
    const content = `Delivery takes 3 days ${Date.now()}`;
    await addItem(page, content);
    await page.goto('/inform-the-bot');
    await card(page, content).getByRole('button', { name: /Edit/ }).click();
    const modal = page.getByRole('dialog');
    const textarea = modal.getByLabel('Content');
    await expect(textarea).toHaveValue(content);
    await textarea.fill('   ');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Please type new content.')).toBeVisible();
    const changed = `Delivery takes 2 days ${Date.now()}`;
    await textarea.fill(changed);
    const release = await holdCall(page, '/api/inform-the-bot/edit/*');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(card(page, changed)).toBeVisible();
  });

  test('lets an admin delete after confirming', async ({ page, signIn }) => {
    await signIn('admin');
    const content = `Old promotion ${Date.now()}`;
    await addItem(page, content);
    await page.goto('/inform-the-bot');
    await card(page, content).getByRole('button', { name: /Delete/ }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('Are you sure you want to delete this information?')).toBeVisible();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(modal.getByText('This information has been successfully deleted.')).toBeVisible();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(card(page, content)).toHaveCount(0);
  });

  test('shows 10 items per page, newest first, with page links', async ({ page, signIn }) => {
    await signIn('admin');
    const stamp = Date.now();
    for (let index = 1; index <= 11; index += 1) await addItem(page, `Paged item ${index} ${stamp}`);
    await page.goto('/inform-the-bot');
    await expect(page.getByRole('article')).toHaveCount(10);
    await expect(page.getByRole('article').first()).toContainText(`Paged item 11 ${stamp}`);
    await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/inform-the-bot\/page\/2$/);
    await expect(page.getByRole('article').first()).not.toContainText(`Paged item 11 ${stamp}`);
  });

  test("shows the server's message when an uploaded PDF cannot be read", async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/inform-the-bot');
    await page.getByRole('button', { name: 'Add new information' }).click();
    await page.getByLabel(/Or upload files/).setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    // The server tries to read the file (in a process of its own) before it answers: wait for that answer.
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/inform-the-bot/upload');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('"broken.pdf" is not a readable PDF file.');
  });

  test('has no axe violations, with cards, the add form and the edit modal', async ({ page, signIn }) => {
    await signIn('admin');
    await addItem(page, `Accessible item ${Date.now()}`);
    await page.goto('/inform-the-bot');
    await page.getByRole('button', { name: 'Add new information' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('article').first().getByRole('button', { name: /Edit/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
