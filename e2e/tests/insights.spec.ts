import type { APIRequestContext, Page } from '@playwright/test';
import { addDocument, addDocumentByUrl, pdfUpload, serveFiles, settledDocument, textUpload, unique } from '../support/documents.ts';
import { expect, expectNoAccessibilityViolations, signInAs, test } from '../support/fixtures.ts';
import { screensBudget } from '../support/slowdown.ts';

interface ChatRow {
  session_id: string;
  history_id: number;
  answer_kind: string;
}

/** Asks the public chat as a visitor (server to server: no Origin) and answers the row. */
async function ask(request: APIRequestContext, message: string, sessionId?: string): Promise<ChatRow> {
  const answer = await request.post('/api/chat/ask', { data: { message, ...(sessionId ? { session_id: sessionId } : {}) } });
  const body = (await answer.json()) as { data?: { rows: ChatRow[] } };
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  const row = body.data?.rows[0];
  if (!row) throw new Error('The chat answered no row.');
  return row;
}

async function rate(request: APIRequestContext, row: ChatRow, rating: 'up' | 'down'): Promise<number> {
  const answer = await request.post('/api/chat/feedback', { data: { session_id: row.session_id, history_id: row.history_id, rating } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
}

const tableRow = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

test.describe('Insights', () => {
  test('coverage gaps group a question asked twice; "Write a correction" opens Inform the Bot with it and saves a correction', async ({ page, request, signIn }) => {
    const question = `Do you rent ${unique('hovercraft')} for weddings?`;
    const first = await ask(request, question);
    expect(first.answer_kind).toBe('unknown');
    await ask(request, question.toLowerCase(), first.session_id);

    await signIn('admin');
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
    const row = tableRow(page, 'Coverage gaps', question.toLowerCase());
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await expect(row.getByRole('link', { name: 'Upload a document' })).toHaveAttribute('href', '/documents');

    await page.getByLabel('Period').selectOption('7');
    await expect(page).toHaveURL(/\/insights\?days=7$/);
    await expect(tableRow(page, 'Coverage gaps', question.toLowerCase())).toBeVisible();

    await tableRow(page, 'Coverage gaps', question.toLowerCase()).getByRole('link', { name: 'Write a correction' }).click();
    await expect(page).toHaveURL(/\/inform-the-bot\?question=/);
    const form = page.getByRole('form', { name: 'Type correct answer to the question below.' });
    await expect(form.getByLabel('Question')).toHaveText(question.toLowerCase());
    await form.getByLabel('Correct answer').fill('We do not rent hovercraft, but a partner does.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('You have successfully added new information.')).toBeVisible();
    await expect(page.getByText(`Question: ${question.toLowerCase()}`)).toBeVisible();
  });

  test('document health shows a document never cited, then cited once after a visitor asks', async ({ page, request, signIn }) => {
    test.slow(); // indexing the document
    await signIn('admin');
    const title = unique('Umbrella care');
    const document = await addDocument(page, textUpload('umbrella-care.txt', 'Umbrella care\n\nDry the umbrella open, in the shade, before folding it away.'), { title });
    await settledDocument(page, document.id);
    await page.goto('/insights');
    await expect(tableRow(page, 'Document health', title)).toContainText('Never cited in this period');

    const answered = await ask(request, 'How should I dry my umbrella before folding it?');
    expect(answered.answer_kind).not.toBe('unknown');
    await rate(request, answered, 'up');
    await page.reload();
    const row = tableRow(page, 'Document health', title);
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // The same answer in its session: the passage it was built from, with its relevance.
    await page.goto(`/history/${encodeURIComponent(answered.session_id)}`);
    const sources = page.locator('details.answer-sources');
    await sources.getByText('Built from 1 passage').click();
    await expect(sources).toContainText(title);
    await expect(sources).toContainText(/Relevance \d+%/);
    await expect(sources.locator('blockquote')).toContainText('Dry the umbrella open, in the shade, before folding it away.');
    await expectNoAccessibilityViolations(page);
  });

  test('time to fix: a thumbs-down corrected from Feedback and approved shows on Insights and as the median on Home', async ({ page, browser, request, signIn, createStaff }) => {
    const question = `Can I return a ${unique('kite')} after a month?`;
    const asked = await ask(request, question);
    const feedbackId = await rate(request, asked, 'down');
    await signIn('admin');
    const saved = await page.request.post(`/api/feedback/${feedbackId}/correction`, { data: { content: 'Yes, within 60 days.' } });
    const correctionId = ((await saved.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id;
    const reviewerContext = await browser.newContext();
    const reviewer = await reviewerContext.newPage();
    await signInAs(reviewer, await createStaff('admin', 'Insights Reviewer'));
    expect((await reviewer.request.post(`/api/inform-the-bot/approve/${correctionId}`, { data: { content: 'Yes, within 60 days.' } })).status()).toBe(200);
    await reviewerContext.close();

    await page.goto('/insights');
    await expect(tableRow(page, 'Time to fix', question)).toContainText('0 of 1 up');
    await page.goto('/home');
    await expect(page.getByTestId('median-time-to-fix')).not.toHaveText('—');
  });

  test('Bot Settings previews how many recent sessions a threshold would reach, before saving', async ({ page, request, signIn }) => {
    const first = await ask(request, `Hello ${unique('preview')}`);
    await ask(request, 'Are you there?', first.session_id);
    await signIn('admin');
    await page.goto('/bot-settings');
    const preview = page.getByTestId('support-threshold-preview');
    await page.getByLabel('Bot Support Message Threshold').fill('0');
    await expect(preview).toHaveText(/^At this value, (\d+) of \1 sessions of the last 30 days would have shown the support message\.$/);
    await page.getByLabel('Bot Support Message Threshold').fill('1000');
    await expect(preview).toHaveText(/^At this value, 0 of \d+ sessions of the last 30 days/);
  });

  test('Document health names a synced source whose last sync failed, with a link to Documents, until it is gone', async ({ page, signIn }) => {
    test.slow(); // a PDF indexed
    await signIn('admin');
    const files: Parameters<typeof serveFiles>[0] = { '/manual.pdf': { body: pdfUpload('three_pages_with_number.pdf').buffer, contentType: 'application/pdf' } };
    const server = await serveFiles(files);
    try {
      const added = await addDocumentByUrl(page, server.url('/manual.pdf'), unique('Manual by URL for Insights'));
      expect((await settledDocument(page, added.id)).status).toBe('completed');
      // The file is gone from its URL: the next sync fails (a first 404 keeps the last good text).
      delete files['/manual.pdf'];
      expect((await page.request.post(`/api/documents/${added.id}/source/sync`)).status()).toBe(200);
      await expect
        .poll(async () => ((await (await page.request.get(`/api/documents/${added.id}/source`)).json()) as { data: { rows: { last_sync: { status: string } | null }[] } }).data.rows[0]?.last_sync?.status, {
          message: 'the sync to end',
        })
        .toBe('failed');
      await page.goto('/insights');
      const card = page.getByRole('region', { name: 'Document health' });
      const line = card.getByText(/^\d+ synced sources?’s? last sync failed/);
      await expect(line).toBeVisible();
      await expect(line.getByRole('link', { name: 'See the documents and websites' })).toHaveAttribute('href', '/documents');
      const failedNow = Number((await line.textContent())?.match(/^(\d+)/)?.[1]);
      // Deleted, the document takes its syncs along: the count goes down by one.
      expect((await page.request.post(`/api/documents/${added.id}/delete`)).status()).toBe(200);
      await page.reload();
      await expect(card.getByRole('heading', { name: 'Document health' })).toBeVisible();
      if (failedNow > 1) await expect(card.getByText(new RegExp(`^${failedNow - 1} synced sources?’s? last sync failed`))).toBeVisible();
      else await expect(card.getByText(/last sync failed/)).toHaveCount(0);
    } finally {
      await server.close();
    }
  });

  test('a viewer reads Insights but gets no threshold preview', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/insights');
    await expect(page.getByRole('heading', { name: 'Coverage gaps' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Document health' })).toBeVisible();
    await page.goto('/bot-settings');
    await expect(page.getByLabel('Bot Support Message Threshold')).toBeVisible();
    await expect(page.getByTestId('support-threshold-preview')).toHaveCount(0);
  });
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
const AXE_PATHS = ['/insights', '/home', '/bot-settings', '/inform-the-bot?question=Do%20you%20sell%20moon%20boots%3F'];
for (const [size, viewport] of Object.entries(SIZES)) for (const theme of ['light', 'dark'] as const) {
  test(`Insights, Home's tile, the threshold preview and the correction form have no axe violations (${theme}, ${size})`, async ({ page, request, signIn }) => {
    test.setTimeout(screensBudget(AXE_PATHS.length));
    await page.setViewportSize(viewport);
    await ask(request, `Do you sell ${unique('moon boots')}?`);
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
    for (const path of AXE_PATHS) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      if (path === '/bot-settings') await expect(page.getByTestId('support-threshold-preview')).toContainText('At this value');
      await test.step(path, () => expectNoAccessibilityViolations(page));
    }
  });
}
