import {
  documentCard,
  expect,
  holdCalls,
  INGESTION_TIMEOUT,
  isDocumentsListCall,
  pdfUpload,
  progressBar,
  statusPill,
  test,
  testPdf,
  unique,
  uploadForm,
  writeTextFile,
} from '../support/documents.ts';

const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test.describe('Documents: upload', () => {
  test('uploads a text file, a PDF and a PDF by URL through every progress state, then follows their indexing live', async ({ page, signIn, fileServer }, testInfo) => {
    test.slow(); // three documents indexed by the real embedder
    const user = await signIn('admin');
    const pdfServer = await fileServer({ '/guide.pdf': { body: pdfUpload('three_pages_with_number.pdf').buffer, contentType: 'application/pdf' } });
    const batch = unique('Batch');
    const [txtTitle, pdfTitle, urlTitle] = [`${batch} opening hours`, `${batch} three pages`, `${batch} guide by URL`];
    const txtName = `${unique('hours').replaceAll(' ', '-')}.txt`;
    const txtFile = writeTextFile(testInfo.outputPath(), txtName, 'The shop opens at nine on weekdays and at ten on Saturdays.');

    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByLabel('Document files').setInputFiles([txtFile, testPdf('three_pages_with_number.pdf')]);
    await form.getByLabel(`Title of ${txtName}`).fill(txtTitle);
    await form.getByLabel(`Source URL of ${txtName}`).fill('https://example.com/hours');
    await form.getByLabel('Title of three_pages_with_number.pdf').fill(pdfTitle);
    await form.getByLabel('Source URL of three_pages_with_number.pdf').fill('https://example.com/three-pages');
    await form.getByRole('button', { name: 'Add Document' }).click();
    await form.getByLabel('Source URL of document URL 1').fill(pdfServer.url('/guide.pdf'));
    await form.getByLabel('Title of document URL 1').fill(urlTitle);

    const files = await holdCalls(page, '**/api/upload-files');
    const url = await holdCalls(page, '**/api/upload-url');
    const register = await holdCalls(page, '**/api/register-files');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();

    await files.reached;
    await expect(progressBar(page, 'Waiting...')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('status').filter({ hasText: 'Waiting...' })).toBeVisible();
    files.release();
    await url.reached;
    // Two files of three parts sent: two thirds of the files' 49 %.
    await expect(progressBar(page, 'Uploading files to the server...')).toHaveAttribute('aria-valuenow', '32');
    url.release();
    await register.reached;
    await expect(progressBar(page, 'Uploading data to the vector database...')).toHaveAttribute('aria-valuenow', '50');
    // List calls are held: the new cards must come from register-files' answer, not from the list asked again.
    const list = await holdCalls(page, isDocumentsListCall);
    register.release();
    await expect(progressBar(page, 'Complete')).toHaveAttribute('aria-valuenow', '100');

    // At the top of the list, the last one first (they share one upload date).
    const newestFirst = [urlTitle, pdfTitle, txtTitle];
    await expect(page.getByRole('article').locator('h3').first()).toHaveText(urlTitle);
    const batchCards = page.getByRole('article').filter({ hasText: batch });
    await expect(batchCards.locator('h3')).toHaveText(newestFirst);
    await expect(page.getByRole('article').nth(2)).toHaveAccessibleName(txtTitle);
    for (const title of [txtTitle, pdfTitle, urlTitle]) await expect(statusPill(documentCard(page, title), 'In progress')).toBeVisible();
    const txtCard = documentCard(page, txtTitle);
    await expect(txtCard).toContainText(longDate(new Date()));
    await expect(txtCard).toContainText(user.name);
    await expect(txtCard).toContainText(txtName);
    await expect(txtCard.getByRole('link', { name: 'https://example.com/hours' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(documentCard(page, urlTitle)).toContainText('guide.pdf');
    await expect(documentCard(page, urlTitle).getByRole('link', { name: pdfServer.url('/guide.pdf') })).toBeVisible();

    // The form is empty again.
    await expect(form.getByRole('group')).toHaveCount(0);
    await expect(form.getByRole('textbox')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();

    // The cards move on by themselves, without a reload.
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    list.release();
    for (const title of [txtTitle, pdfTitle, urlTitle]) {
      await expect(statusPill(documentCard(page, title), 'Completed')).toBeVisible({ timeout: INGESTION_TIMEOUT });
    }
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(batchCards.locator('h3')).toHaveText(newestFirst);
  });

  test('shows only Failed when registering fails, and Retry Upload sends everything again', async ({ page, signIn }, testInfo) => {
    await signIn('admin');
    const title = unique('Returns policy');
    const name = `${unique('returns').replaceAll(' ', '-')}.txt`;
    const file = writeTextFile(testInfo.outputPath(), name, 'Returns are accepted within thirty days with a receipt.');
    const serverMessage = 'The vector database is not answering.';
    const failure = { success: false, error: { message: serverMessage } };
    await page.route('**/api/register-files', (route) => route.fulfill({ status: 500, json: failure }), { times: 1 });

    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByLabel('Document files').setInputFiles(file);
    await form.getByLabel(`Title of ${name}`).fill(title);
    await form.getByLabel(`Source URL of ${name}`).fill('https://example.com/returns');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();

    // The bar stays where it stopped, and nothing but Failed is said.
    await expect(progressBar(page, 'Failed')).toHaveAttribute('aria-valuenow', '50');
    await expect(form.getByRole('button', { name: 'Retry Upload' })).toBeEnabled();
    await expect(page.getByText(serverMessage)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel(`Title of ${name}`)).toHaveValue(title);
    await expect(documentCard(page, title)).toHaveCount(0);

    const sent = page.waitForRequest('**/api/upload-files');
    await form.getByRole('button', { name: 'Retry Upload' }).click();
    await sent;
    await expect(progressBar(page, 'Complete')).toHaveAttribute('aria-valuenow', '100');
    await expect(form.getByRole('button', { name: 'Upload', exact: true })).toBeVisible();
    await expect(statusPill(documentCard(page, title), 'Completed')).toBeVisible({ timeout: INGESTION_TIMEOUT });
    await expect(documentCard(page, title)).toHaveCount(1);
  });

  test('ends broken PDFs in Error, each with its reason on the card', async ({ page, signIn }) => {
    await signIn('admin');
    const broken = {
      'empty.pdf': 'This PDF has no extractable text (is it a scan?)',
      'empty_protected.pdf': 'This PDF is protected and no text could be read from it.',
      'GHOSTSCRIPT-698804-1-fuzzed.pdf': 'This PDF is damaged and cannot be read.',
    };
    const batch = unique('Broken');
    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByLabel('Document files').setInputFiles(Object.keys(broken).map(testPdf));
    for (const name of Object.keys(broken)) {
      await form.getByLabel(`Title of ${name}`).fill(`${batch} ${name}`);
      await form.getByLabel(`Source URL of ${name}`).fill('https://example.com/broken');
    }
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(progressBar(page, 'Complete')).toBeVisible();
    for (const [name, reason] of Object.entries(broken)) {
      const card = documentCard(page, `${batch} ${name}`);
      await expect(statusPill(card, 'Error')).toBeVisible({ timeout: INGESTION_TIMEOUT });
      await expect(card.getByText(reason, { exact: true })).toBeVisible();
      await expect(card).toContainText(name);
    }
  });
});
