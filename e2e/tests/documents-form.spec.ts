import { expect, progressBar, test, textUpload, unique, uploadForm } from '../support/documents.ts';

// Spec section 5 (Upload), in its order.
const TITLES = 'Please input a title for all of the documents.';
const SOURCE_URLS = 'Please make sure all source URL(s) are set and valid.';
const PDF_URLS = 'Please make sure all PDF URL(s) are valid.';
const NO_FILES = 'Please add at least one file or document URL.';

test.describe('Documents: the upload form', () => {
  test('adds Document URL rows with Add Document, up to 20 in all, and Remove takes out the row it belongs to', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/documents');
    const form = uploadForm(page);
    const add = form.getByRole('button', { name: 'Add Document' });
    for (const letter of ['a', 'b', 'c']) {
      await add.click();
      await form.getByRole('group').last().getByLabel(/^Source URL/).fill(`https://example.com/${letter}.pdf`);
    }
    await expect(form.getByRole('group')).toHaveCount(3);
    await form.getByRole('button', { name: 'Remove document URL 2' }).click();
    await expect(form.getByRole('group')).toHaveCount(2);
    await expect(form.getByLabel('Source URL of document URL 1')).toHaveValue('https://example.com/a.pdf');
    await expect(form.getByLabel('Source URL of document URL 2')).toHaveValue('https://example.com/c.pdf');

    // A dropped file has its own Remove.
    await form.getByLabel('Document files').setInputFiles(textUpload('notes.txt', 'Some notes.'));
    await expect(form.getByRole('group', { name: 'notes.txt' })).toBeVisible();
    await form.getByRole('button', { name: 'Remove notes.txt' }).click();
    await expect(form.getByRole('group', { name: 'notes.txt' })).toHaveCount(0);

    // Files and URL rows together stop at 20.
    for (let rows = 2; rows < 20; rows += 1) await add.click();
    await expect(form.getByRole('group')).toHaveCount(20);
    await expect(add).toBeDisabled();
    await form.getByRole('button', { name: 'Remove document URL 20' }).click();
    await expect(add).toBeEnabled();
  });

  test('refuses other file types and more than 20 files with the drop area’s own messages', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByLabel('Document files').setInputFiles({ name: 'notes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK') });
    await expect(form.getByRole('alert')).toHaveText(/^notes\.docx: File type must be /);
    await expect(form.getByRole('group')).toHaveCount(0);

    const many = Array.from({ length: 21 }, (_, index) => textUpload(`part-${index + 1}.txt`, `Part ${index + 1}.`));
    await form.getByLabel('Document files').setInputFiles(many);
    await expect(form.getByRole('alert').getByRole('listitem')).toHaveCount(21);
    await expect(form.getByRole('alert').getByRole('listitem').first()).toHaveText('part-1.txt: Too many files');
    await expect(form.getByRole('group')).toHaveCount(0);
  });

  test('shows each validation message once, in the spec’s order, and marks the inputs at fault', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/documents');
    const form = uploadForm(page);
    const upload = form.getByRole('button', { name: 'Upload', exact: true });
    const problems = form.getByRole('alert');

    await upload.click();
    await expect(problems).toHaveText(NO_FILES);

    await form.getByLabel('Document files').setInputFiles([textUpload('first.txt', 'One.'), textUpload('second.txt', 'Two.')]);
    await form.getByLabel('Source URL of first.txt').fill('not a url');
    await form.getByRole('button', { name: 'Add Document' }).click();
    await form.getByLabel('Source URL of document URL 1').fill('https://example.com/manual.docx');
    await upload.click();
    await expect(problems).toHaveText(`${TITLES} ${SOURCE_URLS} ${PDF_URLS}`);
    for (const label of ['Title of first.txt', 'Title of second.txt', 'Source URL of first.txt', 'Source URL of second.txt', 'Source URL of document URL 1', 'Title of document URL 1']) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(`${TITLES} ${SOURCE_URLS} ${PDF_URLS}`);
    }

    for (const label of ['Title of first.txt', 'Title of second.txt', 'Title of document URL 1']) await form.getByLabel(label).fill(unique('Title'));
    await upload.click();
    await expect(problems).toHaveText(`${SOURCE_URLS} ${PDF_URLS}`);
    await expect(form.getByLabel('Title of first.txt')).toHaveAttribute('aria-invalid', 'false');

    await form.getByLabel('Source URL of first.txt').fill('https://example.com/first');
    await form.getByLabel('Source URL of second.txt').fill('javascript:alert(1)');
    await upload.click();
    await expect(problems).toHaveText(`${SOURCE_URLS} ${PDF_URLS}`);
    await form.getByLabel('Source URL of second.txt').fill('https://example.com/second');
    await upload.click();
    await expect(problems).toHaveText(PDF_URLS);
    await expect(form.getByLabel('Source URL of document URL 1')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Source URL of second.txt')).toHaveAttribute('aria-invalid', 'false');
    // Nothing was sent.
    await expect(progressBar(page, 'Waiting...')).toHaveCount(0);
  });

  test('shows only Failed when the server cannot fetch a document URL', async ({ page, signIn, fileServer }) => {
    await signIn('admin');
    const server = await fileServer({ '/not-really.pdf': { body: Buffer.from('<html>Not a PDF</html>'), contentType: 'text/html' } });
    await page.goto('/documents');
    const form = uploadForm(page);
    await form.getByRole('button', { name: 'Add Document' }).click();
    await form.getByLabel('Source URL of document URL 1').fill(server.url('/not-really.pdf'));
    await form.getByLabel('Title of document URL 1').fill(unique('Not a PDF'));
    const refused = page.waitForResponse('**/api/upload-url');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await expect(progressBar(page, 'Failed')).toHaveAttribute('aria-valuenow', '0');
    await expect(form.getByRole('button', { name: 'Retry Upload' })).toBeVisible();
    await expect(page.getByText('The file at this URL is not a PDF.')).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
  });
});
