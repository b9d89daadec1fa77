import type { Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from '../support/fixtures.ts';
import { addDocument, documentCard, expect, pdfUpload, progressBar, settledDocument, test, textUpload, unique, uploadForm } from '../support/documents.ts';

const tryAQuestion = (page: Page) => page.locator('form').filter({ has: page.getByRole('heading', { name: 'Try a question' }) });

test.describe('Documents: readers', () => {
  test('a viewer sees the list and Try a question, but no upload form and no Edit, Replace or Delete', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Store policies');
    const document = await addDocument(page, textUpload('policies.txt', 'Pets are welcome in the store.'), { title });
    await settledDocument(page, document.id);

    await signIn('viewer');
    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
    const card = documentCard(page, title);
    await expect(card).toContainText('Completed');
    await expect(card).toContainText('policies.txt');
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Try a question' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload documents' })).toHaveCount(0);
    await expect(page.getByLabel('Document files')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Document' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Upload|Retry Upload)$/ })).toHaveCount(0);

    // The server agrees.
    const refusals = await Promise.all([
      page.request.post(`/api/documents/${document.id}/delete`),
      page.request.post(`/api/documents/${document.file_id}/update`, { data: { title: 'x', source_url: 'https://example.com/x' } }),
      page.request.post('/api/register-files', { data: { filesData: [{ file_id: document.file_id, title: 'x', source_url: 'https://example.com/x' }] } }),
    ]);
    expect(refusals.map((refusal) => refusal.status())).toEqual([403, 403, 403]);
  });

  test('Try a question lists the passage of a completed document with its title and relevance', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Lighthouse facts');
    const marker = unique('lamp').replaceAll(' ', '');
    const sentence = `The lighthouse keeper polishes the ${marker} brass lamp every Tuesday at dawn.`;
    const document = await addDocument(page, textUpload('lighthouse.txt', sentence), { title, source_url: 'https://example.com/lighthouse' });
    expect((await settledDocument(page, document.id)).status).toBe('completed');

    await signIn('viewer');
    await page.goto('/documents');
    const form = tryAQuestion(page);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(form.getByText('Please type a question.', { exact: true })).toBeVisible();

    await form.getByLabel('Question').fill(`When does the keeper polish the ${marker} lamp?`);
    await form.getByRole('button', { name: 'Search' }).click();
    const passage = page.getByRole('list', { name: 'Passages found' }).getByRole('listitem').filter({ hasText: marker });
    await expect(passage).toHaveCount(1);
    await expect(passage.getByRole('link', { name: title })).toHaveAttribute('href', 'https://example.com/lighthouse');
    await expect(passage).toContainText(/Relevance \d{1,3} %/);
    await expect(passage.locator('p.passage-text')).toHaveText(sentence);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations in the ${theme} theme, with cards, a filled upload form and passages`, async ({ page, signIn }) => {
      test.slow(); // axe five times, after two documents are indexed
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      const title = unique(`Accessible ${theme}`);
      const completed = await addDocument(page, textUpload('accessible.txt', `Accessible document in the ${theme} theme.`), { title });
      const broken = await addDocument(page, pdfUpload('empty.pdf'), { title: `${title} (broken)` });
      await settledDocument(page, completed.id);
      await settledDocument(page, broken.id);

      await page.goto('/documents');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(documentCard(page, `${title} (broken)`)).toContainText('This PDF has no extractable text');
      await expectNoAccessibilityViolations(page);

      const form = uploadForm(page);
      await form.getByLabel('Document files').setInputFiles([textUpload('a.txt', 'A.'), { name: 'b.docx', mimeType: 'application/msword', buffer: Buffer.from('x') }]);
      await form.getByLabel('Title of a.txt').fill('A');
      await form.getByRole('button', { name: 'Add Document' }).click();
      await form.getByLabel('Source URL of document URL 1').fill('https://example.com/a.docx');
      await form.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(form.getByRole('alert').last()).toHaveText('Please input a title for all of the documents. Please make sure all source URL(s) are set and valid. Please make sure all PDF URL(s) are valid.');
      const question = tryAQuestion(page);
      await question.getByLabel('Question').fill(`Accessible document in the ${theme} theme`);
      await question.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('list', { name: 'Passages found' })).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // The progress bar, stopped at Failed.
      await page.route('**/api/upload-files', (route) => route.fulfill({ status: 500, json: { success: false, error: { message: 'Down.' } } }));
      await form.getByLabel('Source URL of a.txt').fill('https://example.com/a');
      await form.getByRole('button', { name: 'Remove document URL 1' }).click();
      await form.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(progressBar(page, 'Failed')).toHaveAttribute('aria-valuenow', '0');
      await expectNoAccessibilityViolations(page);

      for (const action of ['Edit', 'Replace file of']) {
        await documentCard(page, title).getByRole('button', { name: `${action} ${title}` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAccessibilityViolations(page);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      }
    });
  }
});
