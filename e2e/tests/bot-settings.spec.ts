import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

test.describe('Bot Settings', () => {
  test('saves the support message threshold, with its help text and validation', async ({ page, signIn, playwright, baseURL }) => {
    await signIn('admin');
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Bot Settings' })).toBeVisible();
    const threshold = page.getByLabel('Bot Support Message Threshold');
    await expect(page.getByText('The number of questions asked before a support message is triggered.')).toBeVisible();
    const form = page.locator('form').filter({ has: threshold });
    await threshold.fill('-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The support message threshold must be a whole number from 0 to 1000.')).toBeVisible();
    await threshold.fill('5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('You have successfully saved the bot settings.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Bot Support Message Threshold')).toHaveValue('5');
    // The chatbot reads it without cookies.
    const chatbot = await playwright.request.newContext({ baseURL });
    const publicAnswer = await chatbot.get('/api/bot-settings');
    expect(((await publicAnswer.json()) as { data: { rows: unknown[] } }).data.rows).toEqual([{ type: 'supportMessageThreshold', value: '5' }]);
    await chatbot.dispose();
  });

  test('adds fun facts with a preview, and refuses blank facts and bad URLs', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/bot-settings');
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Add fun facts' }) });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please fill in all the facts.')).toBeVisible();
    const fact = `honey never spoils ${Date.now()}`;
    await form.getByLabel('Fact', { exact: true }).fill(fact);
    await expect(form.getByText(`Did you know that ${fact}?`)).toBeVisible();
    await form.getByLabel('Source URL', { exact: true }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please enter valid URL(s).')).toBeVisible();
    await form.getByRole('button', { name: 'Add another fun fact' }).click();
    const second = `octopuses have three hearts ${Date.now()}`;
    await form.getByLabel('Fact', { exact: true }).nth(1).fill(second);
    await form.getByLabel('Source URL', { exact: true }).nth(1).fill('https://example.com/octopus');
    await form.getByLabel('Source URL', { exact: true }).first().fill('https://example.com/honey');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('You have successfully saved the bot settings.')).toBeVisible();
    const saved = page.getByRole('list', { name: 'Saved fun facts' });
    await expect(saved.getByText(`Did you know that ${fact}?`)).toBeVisible();
    await expect(saved.getByText(`Did you know that ${second}?`)).toBeVisible();
    await expect(saved.getByRole('link', { name: 'https://example.com/honey' })).toBeVisible();
  });

  test('edits and deletes a fun fact', async ({ page, signIn }) => {
    await signIn('admin');
    const fact = `bananas are berries ${Date.now()}`;
    const added = await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact, url: 'https://example.com/banana' }] } });
    expect(added.status()).toBe(200);
    await page.goto('/bot-settings');
    await page.getByRole('button', { name: `Edit fun fact: ${fact}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Fact').fill('');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Please fill in the fact.')).toBeVisible();
    const changed = `${fact} indeed`;
    await modal.getByLabel('Fact').fill(changed);
    await modal.getByLabel('Source URL').fill('javascript:alert(1)');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Please enter a valid URL.')).toBeVisible();
    await modal.getByLabel('Source URL').fill('https://example.com/berries');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('You have successfully updated the fun fact.')).toBeVisible();
    await expect(page.getByText(`Did you know that ${changed}?`)).toBeVisible();

    await page.getByRole('button', { name: `Delete fun fact: ${changed}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('This fun fact has been successfully deleted.')).toBeVisible();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(`Did you know that ${changed}?`)).toHaveCount(0);
  });

  test('saves notification emails, dropping empty fields, and deletes one', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/bot-settings');
    const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Help Requests Email Notifications' }) });
    const address = `ops-${Date.now()}@example.com`;
    await section.getByRole('button', { name: 'Add another email' }).click();
    await section.getByRole('button', { name: 'Add another email' }).click();
    await section.getByRole('textbox').nth(1).fill(address);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('You have successfully saved the bot settings.')).toBeVisible();
    const saved = section.getByRole('list', { name: 'Saved help request emails' });
    await expect(saved.getByRole('listitem').filter({ hasText: address })).toHaveCount(1);
    await expect(saved.getByRole('listitem').filter({ hasText: /^\s*Delete\s*$/ })).toHaveCount(0);

    await section.getByRole('button', { name: `Delete ${address}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('This help request email has been successfully deleted.')).toBeVisible();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(address)).toHaveCount(0);
  });

  test('gives a viewer without update_bot_settings disabled Save buttons and no edit, delete or emails', async ({ page, signIn }) => {
    await signIn('admin');
    const fact = `viewers can read this ${Date.now()}`;
    await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact, url: 'https://example.com' }] } });
    await signIn('viewer');
    await page.goto('/bot-settings');
    await expect(page.getByText(`Did you know that ${fact}?`)).toBeVisible();
    const saveButtons = page.getByRole('button', { name: 'Save' });
    // The threshold's, the chat widget's look (issue 41), the fun facts', the data retention's (issue 43) and the
    // masking of visitors' personal data's (issue 58).
    await expect(saveButtons).toHaveCount(5);
    for (const button of await saveButtons.all()) await expect(button).toBeDisabled();
    await expect(page.getByRole('button', { name: /Edit fun fact/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Delete fun fact/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Help Requests Email Notifications' })).toHaveCount(0);
  });

  test('has no axe violations', async ({ page, signIn }) => {
    await signIn('admin');
    await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact: `axe checks ${Date.now()}`, url: 'https://example.com' }] } });
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Help Requests Email Notifications' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved fun facts' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
