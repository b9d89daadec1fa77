import type { Locator, Page } from '@playwright/test';
import { DOCUMENT_SOURCE_MESSAGES } from '@steward/contract/document-sources';
import { expectNoAccessibilityViolations, expectNoSidewaysPage, resizeViewport } from '../support/fixtures.ts';
import { addDocumentByUrl, documentCard, expect, INGESTION_TIMEOUT, pdfUpload, settledDocument, test, unique } from '../support/documents.ts';

/**
 * A PDF added by URL stays in sync (issue 55): its own page (the card's title) shows a "Source" panel with the URL,
 * its state, the last sync, the schedule, Sync now and the history; the card shows only what the spec has. The file
 * is served on 127.0.0.1, changed and then taken away between syncs. Both themes, a phone's and a desktop's width.
 */

const sourcePanel = (page: Page): Locator => page.getByRole('region', { name: 'Source' });

async function syncNowAndWait(page: Page, panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Sync now' }).click();
  // Disabled while the sync is queued or running; enabled again once it ended.
  await expect(panel.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: INGESTION_TIMEOUT });
}

test.describe('Documents: a PDF added by URL as a synced source', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`its Source panel: schedule, Sync now (unchanged, changed, gone), history (${theme} theme, phone and desktop)`, async ({ page, signIn, fileServer }) => {
      test.slow(); // two PDFs indexed, axe at two sizes
      const admin = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: admin.id, theme } });
      const files: Parameters<typeof fileServer>[0] = { '/manual.pdf': { body: pdfUpload('three_pages_with_number.pdf').buffer, contentType: 'application/pdf' } };
      const server = await fileServer(files);
      const title = unique(`Manual by URL in the ${theme} theme`);
      const added = await addDocumentByUrl(page, server.url('/manual.pdf'), title);
      expect((await settledDocument(page, added.id)).status).toBe('completed');

      // The card is the spec's: nothing of the source on it.
      await page.goto('/documents');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      const card = documentCard(page, title);
      await expect(card).toBeVisible();
      await expect(card.getByText(/Sync/)).toHaveCount(0);
      await card.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(`/documents/${added.id}/chunks`);

      const panel = sourcePanel(page);
      await expect(panel.getByRole('link', { name: server.url('/manual.pdf') })).toBeVisible();
      await expect(page.getByTestId('document-source-state')).toHaveText('In sync');
      await expect(page.getByTestId('document-source-last-sync')).toHaveText('Not synced yet');

      await panel.getByLabel('Sync schedule').selectOption('weekly');
      await expect(panel.getByLabel('Sync schedule')).toHaveValue('weekly');
      await page.reload();
      await expect(panel.getByLabel('Sync schedule')).toHaveValue('weekly');

      // The same bytes again: unchanged, nothing re-read.
      await syncNowAndWait(page, panel);
      await expect(page.getByTestId('document-source-last-sync')).toContainText(`Sync now by ${admin.name} · Completed`);
      await expect(page.getByTestId('document-source-last-sync')).toContainText('checked 1 · unchanged 1 · changed 0');

      // Another PDF at the URL: changed, and the passages are the new file's.
      const before = await page.getByTestId('chunk-counts').textContent();
      files['/manual.pdf'] = { body: pdfUpload('pdfjs_wikipedia.pdf').buffer, contentType: 'application/pdf' };
      await syncNowAndWait(page, panel);
      await expect(page.getByTestId('document-source-last-sync')).toContainText('checked 1 · unchanged 0 · changed 1');
      await expect(page.getByTestId('chunk-counts')).not.toHaveText(before ?? '');

      // Gone once: the last good text still answers, and the panel says so.
      delete files['/manual.pdf'];
      await syncNowAndWait(page, panel);
      await expect(page.getByTestId('document-source-state')).toHaveText(`Last sync failed${DOCUMENT_SOURCE_MESSAGES.goneOnce(404)}`);

      await panel.getByRole('button', { name: 'Show sync history' }).click();
      const history = page.getByRole('list', { name: 'Syncs of this document' }).getByRole('listitem');
      await expect(history).toHaveCount(3);
      await expect(history.first()).toContainText('Failed');
      await expect(history.first()).toContainText(DOCUMENT_SOURCE_MESSAGES.goneOnce(404));
      // The pointer off the button it clicked, so axe reads its resting colours rather than a hover transition's
      // (a new viewport moves the layout under a resting pointer; axe once saw the button's colours half-way, 1.34:1).
      await page.mouse.move(0, 0);

      for (const viewport of [
        { width: 375, height: 667 },
        { width: 1280, height: 800 },
      ]) {
        await resizeViewport(page, viewport);
        await expect(panel).toBeVisible();
        await expectNoSidewaysPage(page, viewport.width);
        await expectNoAccessibilityViolations(page);
      }
      // The server is shared: the document goes, with its syncs.
      expect((await page.request.post(`/api/documents/${added.id}/delete`)).status()).toBe(200);
    });
  }

  test('a viewer sees the schedule in words and no Sync now', async ({ page, signIn, fileServer }) => {
    test.slow();
    await signIn('admin');
    const server = await fileServer({ '/viewer.pdf': { body: pdfUpload('three_pages_with_number.pdf').buffer, contentType: 'application/pdf' } });
    const added = await addDocumentByUrl(page, server.url('/viewer.pdf'), unique('Manual for a viewer'));
    expect((await settledDocument(page, added.id)).status).toBe('completed');
    await page.request.post(`/api/documents/${added.id}/source/schedule`, { data: { sync_schedule: 'daily' } });
    await signIn('viewer');
    await page.goto(`/documents/${added.id}/chunks`);
    const panel = sourcePanel(page);
    await expect(panel.getByText('Sync schedule: Daily')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
    await signIn('admin');
    expect((await page.request.post(`/api/documents/${added.id}/delete`)).status()).toBe(200);
  });
});
