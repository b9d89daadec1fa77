import { KNOWLEDGE_MESSAGES } from '@steward/contract/documents';
import type { Locator, Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from '../support/fixtures.ts';
import { addDocument, expect, pdfUpload, settledDocument, test, textUpload, unique } from '../support/documents.ts';

/**
 * "Try a question" tells staff why a passage came up: how relevant it is (a percentage with a meter and a
 * legend), the section it sits under, its pages, and the question's words it holds. On real documents
 * indexed by the built server, readable on a phone and a desktop, in both themes.
 */

const RELEVANCE_LEGEND = KNOWLEDGE_MESSAGES.relevanceLegend;

const tryAQuestion = (page: Page) => page.locator('form').filter({ has: page.getByRole('heading', { name: 'Try a question' }) });

async function ask(page: Page, question: string): Promise<Locator> {
  const form = tryAQuestion(page);
  await form.getByLabel('Question').fill(question);
  await form.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('list', { name: 'Passages found' });
  await expect(list).toBeVisible();
  return list;
}

/** A text file with Markdown headings: the passage sits three headings deep, under a long one. */
function harbourGuide(marker: string, innermost: string) {
  const sentence = `The lighthouse keeper polishes the ${marker} brass lamp every Tuesday at dawn.`;
  const text = ['# Harbour guide', '', 'The harbour guide tells visitors about the old port.', '', '## The lighthouse', '', `### ${innermost}`, '', sentence, ''].join('\n');
  return { sentence, upload: textUpload('harbour-guide.txt', text), section: `Harbour guide › The lighthouse › ${innermost}` };
}

/** The percentage the passage shows, which its meter must carry as its value. */
async function expectRelevance(passage: Locator): Promise<number> {
  const text = (await passage.textContent()) ?? '';
  const shown = /Relevance (\d{1,3}) %/.exec(text);
  expect(shown, text).not.toBeNull();
  const percent = Number(shown?.[1]);
  expect(percent).toBeGreaterThanOrEqual(0);
  expect(percent).toBeLessThanOrEqual(100);
  const meter = passage.getByRole('meter', { name: 'Relevance' });
  await expect(meter).toHaveAttribute('aria-valuenow', String(percent));
  await expect(meter).toHaveAttribute('aria-valuetext', `${percent} %`);
  expect(text).not.toContain('NaN');
  return percent;
}

/** Nothing on the page is wider than the window, and no passage is wider than its box. */
async function expectNoSidewaysScroll(page: Page, list: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const overflowing = await list.getByRole('listitem').evaluateAll((items) => items.filter((item) => item.scrollWidth > item.clientWidth).length);
  expect(overflowing).toBe(0);
}

test.describe('Documents: why a passage answers', () => {
  test('a passage shows its relevance, its section and the words of the question it holds', async ({ page, signIn }) => {
    await signIn('admin');
    const title = unique('Harbour guide');
    const marker = unique('lamp').replaceAll(' ', '');
    const guide = harbourGuide(marker, 'Looking after the brass lamp');
    const document = await addDocument(page, guide.upload, { title, source_url: 'https://example.com/harbour' });
    expect((await settledDocument(page, document.id)).status).toBe('completed');

    await signIn('viewer');
    await page.goto('/documents');
    const list = await ask(page, `When does the keeper polish the ${marker} lamp?`);
    await expect(page.getByText(RELEVANCE_LEGEND, { exact: true })).toHaveCount(1);
    await expect(list).toHaveAccessibleDescription(RELEVANCE_LEGEND);

    const passage = list.getByRole('listitem').filter({ hasText: marker });
    await expect(passage).toHaveCount(1);
    await expect(passage.getByRole('link', { name: title })).toHaveAttribute('href', 'https://example.com/harbour');
    await expectRelevance(passage);
    await expect(passage.getByText(`Section: ${guide.section}`, { exact: true })).toBeVisible();
    // A text file has no pages.
    await expect(passage).not.toContainText(/Pages? \d/);
    // The words as typed in the question, the unique one among them.
    const matched = passage.getByText(/^Matched words: /);
    await expect(matched).toBeVisible();
    expect(((await matched.textContent()) ?? '').replace('Matched words: ', '').split(', ')).toContain(marker);
    await expect(passage.locator('p.passage-text')).toHaveText(guide.sentence);
  });

  test("a PDF's passage shows the section it sits under and its pages", async ({ page, signIn }) => {
    test.slow(); // a 14-page paper to parse and embed
    await signIn('admin');
    const title = unique('TraceMonkey paper');
    const document = await addDocument(page, pdfUpload('tracemonkey.pdf'), { title, source_url: 'https://example.com/tracemonkey.pdf' });
    expect((await settledDocument(page, document.id)).status).toBe('completed');

    await page.goto('/documents');
    const list = await ask(page, 'How are nested trace trees formed for inner loops?');
    const passages = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(passages.first()).toBeVisible();
    const passage = passages.first();
    const percent = await expectRelevance(passage);
    expect(percent).toBeGreaterThan(0);
    // The paper's headings are set larger than its text: "4. Nested Trace Tree Formation" and the like.
    await expect(passage.getByText(/^Section: \S/)).toBeVisible();
    await expect(passage.getByText(/^(Page \d+|Pages \d+–\d+)$/)).toBeVisible();
    const matched = ((await passage.getByText(/^Matched words: /).textContent()) ?? '').replace('Matched words: ', '').split(', ');
    expect(matched.some((word) => ['nested', 'trace', 'trees', 'loops'].includes(word)), matched.join(', ')).toBe(true);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`passages and the re-indexing alert fit a phone and a desktop and have no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      test.slow(); // axe at two sizes
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      // A long title, and a long innermost heading with a word longer than a phone is wide.
      const title = unique(`Harbour guide of the northern coast with every lighthouse, pier and mooring in the ${theme} theme`);
      const marker = unique('lamp').replaceAll(' ', '');
      const guide = harbourGuide(marker, 'Looking after the great brass lamp of the northernmostlighthouseharbourmasterlampcleaningregulations on stormy nights');
      const document = await addDocument(page, guide.upload, { title });
      expect((await settledDocument(page, document.id)).status).toBe('completed');

      // The re-indexing after an upgrade cannot be started through public calls: its answer is stubbed, so
      // that its alert is on the screen (and checked) too.
      await page.route('**/api/document-indexing', (route) =>
        route.fulfill({ json: { success: true, data: { rows: [{ documents_indexing: 28, reindex: { done: 12, total: 40 } }] } } }),
      );
      for (const viewport of [
        { width: 375, height: 667 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/documents');
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(page.getByText('Updating the knowledge index after an upgrade: 12 of 40 documents. The bot answers from the previous index meanwhile.')).toBeVisible();
        await expect(page.getByRole('progressbar', { name: /^Updating the knowledge index/ })).toHaveAttribute('aria-valuetext', '12 of 40 documents');
        const list = await ask(page, `When does the keeper polish the ${marker} lamp?`);
        const passage = list.getByRole('listitem').filter({ hasText: marker });
        await expect(passage.getByText(`Section: ${guide.section}`, { exact: true })).toBeVisible();
        await expectRelevance(passage);
        await expectNoSidewaysScroll(page, list);
        await expectNoAccessibilityViolations(page);
      }
    });
  }
});
