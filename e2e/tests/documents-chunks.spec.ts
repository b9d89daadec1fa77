import type { Locator, Page } from '@playwright/test';
import { CHUNK_MESSAGES } from '@steward/contract/document-chunks';
import { KNOWLEDGE_MESSAGES } from '@steward/contract/documents';
import { expectNoAccessibilityViolations } from '../support/fixtures.ts';
import { addDocument, documentCard, expect, settledDocument, test, textUpload, unique } from '../support/documents.ts';

/**
 * The chunk viewer (issue 55): a document opens to its passages as the bot reads them; staff search them, exclude
 * one from answers (greyed, "Excluded", who and when), see that "Try a question" over the document no longer finds
 * it, and include it again. On the built server, at a phone's and a desktop's width, in both themes.
 */

/** A text file with three sections; the cookie notice holds a word no other document has. */
function helpPage(marker: string) {
  const cookie = `This site uses ${marker} cookies to remember your basket.`;
  const text = ['# Help centre', '', '## Shipping', '', 'We ship every order within two working days.', '', '## Returns', '', 'Return any item within thirty days for a refund.', '', '## Cookies', '', cookie, ''].join('\n');
  return { cookie, upload: textUpload('help-centre.txt', text) };
}

const passages = (page: Page): Locator => page.getByRole('list', { name: 'Passages of this document' }).getByRole('listitem');

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search the passages').fill(text);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

async function tryQuestion(page: Page, question: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Try a question' }) });
  await form.getByLabel('Question').fill(question);
  await form.getByRole('button', { name: 'Search' }).click();
}

test.describe('Documents: the passages the bot reads', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`open a document's passages, search them, exclude one and include it again (${theme} theme, phone and desktop)`, async ({ page, signIn }) => {
      test.slow(); // indexing, then axe at two sizes
      const admin = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: admin.id, theme } });
      const title = unique(`Help centre of the shop in the ${theme} theme`);
      const marker = unique('crumbly').replaceAll(' ', '');
      const help = helpPage(marker);
      const added = await addDocument(page, help.upload, { title, source_url: 'https://example.com/help' });
      expect((await settledDocument(page, added.id)).status).toBe('completed');

      for (const viewport of [
        { width: 375, height: 667 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/documents');
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await documentCard(page, title).getByRole('link', { name: title }).click();
        await expect(page).toHaveURL(`/documents/${added.id}/chunks`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(passages(page)).toHaveCount(3);
        await expect(passages(page).nth(0)).toContainText('Section: Help centre › Shipping');

        // Searched on the server: the address keeps the search.
        await search(page, `${marker.toUpperCase()} basket`);
        await expect(page).toHaveURL(`/documents/${added.id}/chunks?search=${encodeURIComponent(`${marker.toUpperCase()} basket`)}`);
        await expect(passages(page)).toHaveCount(1);
        const cookie = passages(page).first();
        await expect(cookie.locator('p.passage-text')).toHaveText(help.cookie);
        await expect(page.getByRole('status').filter({ hasText: '1 passage matches' })).toBeVisible();

        await cookie.getByRole('button', { name: 'Exclude from answers' }).click();
        await expect(cookie.getByText(CHUNK_MESSAGES.excluded, { exact: true })).toBeVisible();
        await expect(cookie).toHaveClass(/document-chunk-excluded/);
        await expect(cookie.getByText(new RegExp(`^Excluded by ${admin.name} on `))).toBeVisible();
        await expect(page.getByTestId('chunk-counts')).toHaveText('3 in all, 1 excluded from answers');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectNoAccessibilityViolations(page);

        // Try a question over this document: the excluded passage is not given to the bot.
        await tryQuestion(page, `Which ${marker} cookies does the site use?`);
        const found = page.getByRole('list', { name: 'Passages found' });
        await expect(found.or(page.getByText(KNOWLEDGE_MESSAGES.noPassages))).toBeVisible();
        await expect(found.getByText(help.cookie)).toHaveCount(0);

        await cookie.getByRole('button', { name: 'Include in answers' }).click();
        await expect(cookie.getByText(CHUNK_MESSAGES.excluded, { exact: true })).toHaveCount(0);
        await expect(cookie).not.toHaveClass(/document-chunk-excluded/);
        await expect(page.getByTestId('chunk-counts')).toHaveText('3 in all');
        await tryQuestion(page, `Which ${marker} cookies does the site use?`);
        await expect(page.getByRole('list', { name: 'Passages found' }).getByText(help.cookie)).toBeVisible();
      }

      // A viewer reads the passages but is offered no exclusion.
      await signIn('viewer');
      await page.goto(`/documents/${added.id}/chunks`);
      await expect(passages(page)).toHaveCount(3);
      await expect(page.getByRole('button', { name: /Exclude from answers|Include in answers/ })).toHaveCount(0);
    });
  }

  test('a document that does not exist shows the server’s message', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/documents/2147483000/chunks');
    await expect(page.getByRole('alert')).toHaveText(CHUNK_MESSAGES.documentNotFound);
  });
});
