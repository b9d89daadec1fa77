import {
  addDocument,
  documentCard,
  expect,
  holdCalls,
  INGESTION_TIMEOUT,
  isDocumentsListCall,
  settledDocument,
  statusPill,
  test,
  textUpload,
  unique,
  uploadForm,
} from '../support/documents.ts';

const IN_PROGRESS = 'This document is still being processed. Try again when it is completed.';

test.describe('Documents: administrators', () => {
  test('edit title and source URL, with the modal’s validation and the success message', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Warranty terms');
    const document = await addDocument(page, textUpload('warranty.txt', 'Two years of warranty on every kettle.'), { title, source_url: 'https://example.com/warranty' });
    expect((await settledDocument(page, document.id)).status).toBe('completed');
    await page.goto('/documents');

    await documentCard(page, title).getByRole('button', { name: `Edit ${title}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit document' });
    await expect(modal.getByLabel('Title')).toHaveValue(title);
    await expect(modal.getByLabel('Source URL')).toHaveValue('https://example.com/warranty');
    await modal.getByLabel('Title').fill('   ');
    await modal.getByLabel('Source URL').fill('javascript:alert(1)');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Please input a document title.', { exact: true })).toBeVisible();
    await expect(modal.getByText('Please make sure the source URL is valid.', { exact: true })).toBeVisible();

    const changed = unique('Warranty terms, revised');
    await modal.getByLabel('Title').fill(changed);
    await modal.getByLabel('Source URL').fill('https://example.com/warranty-2');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const card = documentCard(page, changed);
    await expect(card.getByRole('status')).toHaveText('You have successfully updated the document metadata.');
    await expect(card.getByRole('link', { name: 'https://example.com/warranty-2' })).toBeVisible();
    await page.reload();
    await expect(documentCard(page, changed).getByRole('link', { name: 'https://example.com/warranty-2' })).toBeVisible();
    await expect(documentCard(page, title)).toHaveCount(0);
  });

  test('shows the server’s message in the edit modal as it is', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Short-lived');
    const document = await addDocument(page, textUpload('short.txt', 'Gone soon.'), { title });
    await settledDocument(page, document.id);
    await page.goto('/documents');
    await documentCard(page, title).getByRole('button', { name: `Edit ${title}` }).click();
    // Someone else deletes it meanwhile.
    expect((await page.request.post(`/api/documents/${document.id}/delete`)).status()).toBe(200);
    const modal = page.getByRole('dialog', { name: 'Edit document' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByRole('alert')).toHaveText('This document does not exist.');
  });

  test('delete asks first, confirms, and the card leaves the list', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Old price list');
    const document = await addDocument(page, textUpload('prices.txt', 'Prices of 2019.'), { title });
    await settledDocument(page, document.id);
    await page.goto('/documents');

    const card = documentCard(page, title);
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const modal = page.getByRole('dialog');
    await expect(modal).toContainText('Are you sure you want to delete this file?');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(modal.getByRole('status')).toHaveText('This file has been successfully deleted.');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(card).toHaveCount(0);
    const rows = ((await (await page.request.get('/api/documents/0')).json()) as { data: { rows: { id: number }[] } }).data.rows;
    expect(rows.map((row) => row.id)).not.toContain(document.id);
  });

  test('while a document is in progress its card has no Edit, Replace or Delete, and the server refuses them', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Large catalogue');
    // Long enough (about 20 KB) that indexing takes a second or two after the call that starts it.
    const text = Array.from({ length: 300 }, (_, index) => `Item ${index} of the catalogue ships from warehouse ${index % 7}.`).join(' ');
    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByLabel('Document files').setInputFiles(textUpload('catalogue.txt', text));
    await form.getByLabel('Title of catalogue.txt').fill(title);
    await form.getByLabel('Source URL of catalogue.txt').fill('https://example.com/catalogue');
    const list = await holdCalls(page, isDocumentsListCall, 'GET');
    const registered = page.waitForResponse('**/api/register-files');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    const [created] = ((await (await registered).json()) as { data: { rows: { id: number; file_id: string }[] } }).data.rows;
    if (!created) throw new Error('No document was registered.');

    const refusals = await Promise.all([
      page.request.post(`/api/documents/${created.id}/delete`),
      page.request.post(`/api/documents/${created.file_id}/update`, { data: { title: 'x', source_url: 'https://example.com/x' } }),
      page.request.post(`/api/documents/${created.id}/replace`, { multipart: { file: textUpload('other.txt', 'Other.') } }),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status()).toBe(409);
      expect(((await refusal.json()) as { error: { message: string } }).error.message).toBe(IN_PROGRESS);
    }

    const card = documentCard(page, title);
    await expect(statusPill(card, 'In progress')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    list.release();
    await expect(statusPill(card, 'Completed')).toBeVisible({ timeout: INGESTION_TIMEOUT });
    await expect(card.getByRole('button')).toHaveText(['Edit', 'Replace file', 'Delete']);
  });

  test('replaces a document’s file: the card says what replaces it, then shows the new file once indexed', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Delivery times');
    const newSentence = `Parcels to the islands take ${unique('five days').replaceAll(' ', '-')}.`;
    const document = await addDocument(page, textUpload('delivery-v1.txt', 'Parcels take three days.'), { title });
    await settledDocument(page, document.id);
    await page.goto('/documents');

    const card = documentCard(page, title);
    await card.getByRole('button', { name: `Replace file of ${title}` }).click();
    const modal = page.getByRole('dialog', { name: 'Replace file' });
    await expect(modal).toContainText('Current file: delivery-v1.txt');
    await expect(modal.getByRole('button', { name: 'Replace' })).toBeDisabled();
    await modal.getByLabel('New version of the file').setInputFiles(textUpload('delivery-v2.txt', newSentence));
    await expect(modal).toContainText('New file: delivery-v2.txt');
    const list = await holdCalls(page, isDocumentsListCall, 'GET');
    await modal.getByRole('button', { name: 'Replace' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(statusPill(card, 'In progress')).toBeVisible();
    await expect(card.getByText('Replacing with delivery-v2.txt', { exact: true })).toBeVisible();
    await expect(card).toContainText('delivery-v1.txt');

    list.release();
    await expect(statusPill(card, 'Completed')).toBeVisible({ timeout: INGESTION_TIMEOUT });
    await expect(card.getByText(/^Replacing with/)).toHaveCount(0);
    await expect(card).toContainText('delivery-v2.txt');
    await expect(card).not.toContainText('delivery-v1.txt');

    // The bot now reads the new version.
    const tryQuestion = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Try a question' }) });
    await tryQuestion.getByLabel('Question').fill(newSentence);
    await tryQuestion.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('list', { name: 'Passages found' }).getByRole('listitem').filter({ hasText: title })).toContainText(newSentence);
  });
});
