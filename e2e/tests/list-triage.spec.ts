import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

/**
 * Issue 40, the staff's loop: the lists' triage filters live in the URL (reload and back keep them), combine
 * with the spec's tabs, and the Export buttons download what the list shows. Every seeded row comes from a
 * site of its own, so the site filter isolates it from what other specs store.
 */
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const uniqueSite = () => `https://${uniqueSessionId('triage').toLowerCase()}.example.com`;
const rowWithText = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Types a text filter and applies it as a person does: Enter. */
async function typeFilter(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(label, { exact: true }).press('Enter');
}

/** Clicks an Export button and answers the file's name and text. */
async function download(page: Page, name: string): Promise<{ filename: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const path = await file.path();
  return { filename: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

async function seedHistory(request: Parameters<typeof postBotMessage>[0], site: string) {
  const questions = { down: `Why is it broken? ${site}`, elsewhere: `Where are you? ${site}` };
  const downId = await postBotMessage(request, {
    session_id: uniqueSessionId('triage-down'),
    user_message: questions.down,
    api_response: '<p>Sorry.</p>',
    origin: `${site}/help`,
    country: 'IS',
    time: '2199-03-02T10:00:00Z',
  });
  await postBotFeedback(request, { history_id: downId, rating: 'down', reason: ['=1+1 Wrong'], time: '2199-03-02T10:01:00Z', country: 'IS' });
  await postBotMessage(request, {
    session_id: uniqueSessionId('triage-other'),
    user_message: questions.elsewhere,
    api_response: '<p>Here.</p>',
    origin: `${site}/about`,
    country: 'NZ',
    time: '2199-03-03T10:00:00Z',
  });
  return questions;
}

test.describe('History: triage filters and export', () => {
  test('site, country and rating go into the URL, survive a reload and back, and the export holds what is shown', async ({ page, request, signIn }) => {
    const site = uniqueSite();
    const questions = await seedHistory(request, site);
    await signIn('admin');
    await page.goto('/history');

    await typeFilter(page, 'Site', site);
    await expect(page).toHaveURL(`/history?origin=${encodeURIComponent(site)}`);
    await expect(rowWithText(page, questions.down)).toBeVisible();
    await expect(rowWithText(page, questions.elsewhere)).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText('2 questions match these filters');

    await page.getByLabel('Rating').selectOption('down');
    await expect(page).toHaveURL(/[?&]rating=down/);
    await expect(rowWithText(page, questions.elsewhere)).toHaveCount(0);
    const row = rowWithText(page, questions.down);
    await expect(row.getByText('Thumb down')).toBeVisible();
    await expect(row.getByText('Thumb down')).toHaveClass(/bg-danger/);

    await page.reload();
    await expect(page.getByLabel('Rating')).toHaveValue('down');
    await expect(page.getByLabel('Site', { exact: true })).toHaveValue(site);
    await expect(rowWithText(page, questions.elsewhere)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(`/history?origin=${encodeURIComponent(site)}`);
    await expect(page.getByLabel('Rating')).toHaveValue('');
    await expect(rowWithText(page, questions.elsewhere)).toBeVisible();

    await typeFilter(page, 'Country', 'nz');
    await expect(page).toHaveURL(/[?&]country=nz/);
    await expect(rowWithText(page, questions.down)).toHaveCount(0);

    const csv = await download(page, 'Export CSV');
    expect(csv.filename).toMatch(/^steward-history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text).toContain(questions.elsewhere);
    expect(csv.text).not.toContain(questions.down);
    const lines = await download(page, 'Export JSON lines');
    expect(lines.filename).toMatch(/\.jsonl$/);
    expect(lines.text.trim().split('\n').map((line) => (JSON.parse(line) as { user_message: string }).user_message)).toEqual([questions.elsewhere]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test('a site that is not one stays in its field with the reason, and the URL is left alone', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/history');
    await typeFilter(page, 'Site', 'shop.example.com/path');
    await expect(page.getByText('The site must be an http(s) address without a path')).toBeVisible();
    await expect(page).toHaveURL(/\/history$/);
    // Viewers do not hold export_data.
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  });
});

test.describe('Feedback and Help Requests: filters with the tabs, and export', () => {
  test('feedback: the days and the country are kept by the tabs and a reload; the export follows the tab', async ({ page, request, signIn }) => {
    const site = uniqueSite();
    const questions = await seedHistory(request, site);
    await signIn('admin');
    await page.goto('/feedback');
    await page.getByLabel('From', { exact: true }).fill('2199-03-02');
    await expect(page).toHaveURL('/feedback?from=2199-03-02');
    await page.getByLabel('To', { exact: true }).fill('2199-03-02');
    await expect(page).toHaveURL('/feedback?from=2199-03-02&to=2199-03-02');
    await typeFilter(page, 'Country', 'IS');
    await expect(page).toHaveURL('/feedback?from=2199-03-02&to=2199-03-02&country=IS');
    await expect(page.getByRole('row').filter({ hasText: questions.down })).toContainText('=1+1 Wrong');

    await page.getByRole('navigation', { name: 'Feedback rating' }).getByRole('link', { name: 'Thumb Down' }).click();
    await expect(page).toHaveURL('/feedback/page/1/down?from=2199-03-02&to=2199-03-02&country=IS');
    await page.reload();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2199-03-02');
    await expect(page.getByRole('row').filter({ hasText: questions.down })).toBeVisible();

    const csv = await download(page, 'Export CSV');
    expect(csv.filename).toMatch(/^steward-feedback-.*\.csv$/);
    expect(csv.text).toContain(questions.down);
    // The reason is its JSON text, quoted as CSV quotes it.
    expect(csv.text).toContain(`"[""=1+1 Wrong""]"`);

    await page.getByRole('navigation', { name: 'Feedback rating' }).getByRole('link', { name: 'Thumb Up' }).click();
    await expect(page.getByText('No feedback matches these filters.')).toBeVisible();
  });

  test('help requests: the site filter combines with the status tabs, a reload keeps it, the export downloads it', async ({ page, request, signIn }) => {
    const site = uniqueSite();
    const message = `Please call me, ${site}`;
    await postBotHelpRequest(request, { name: 'Triage Visitor', email: 'triage-visitor@example.com', message, origin_url: `${site}/contact` });
    await signIn('admin');
    await page.goto('/help-requests');
    await typeFilter(page, 'Site', site);
    await expect(page).toHaveURL(`/help-requests?origin=${encodeURIComponent(site)}`);
    await expect(page.getByTestId('list-count')).toHaveText('1 help request matches these filters');
    await page.getByRole('link', { name: 'Pending', exact: true }).click();
    await expect(page).toHaveURL(`/help-requests/page/1/pending?origin=${encodeURIComponent(site)}`);
    await page.reload();
    await expect(rowWithText(page, message)).toBeVisible();
    const lines = await download(page, 'Export JSON lines');
    expect(lines.filename).toMatch(/^steward-help-requests-.*\.jsonl$/);
    expect(JSON.parse(lines.text.trim()) as { message: string; status: string }).toMatchObject({ message, status: 'pending' });
    await page.getByRole('link', { name: 'Resolved', exact: true }).click();
    await expect(page.getByText('No help requests match these filters.')).toBeVisible();
  });

  test('audit log: the export downloads the entries under its filters, exports included', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/audit-log?action=sign_in');
    const csv = await download(page, 'Export CSV');
    expect(csv.filename).toMatch(/^steward-audit-log-.*\.csv$/);
    // Every field quoted (issue 52: a line break in a field must stay in its cell).
    expect(csv.text.split('\r\n')[0]).toBe('"id","time","actor_id","actor_name","actor_email","action","object_type","object_id","object_label","details","ip"');
    expect(csv.text).toContain(',"sign_in",');
  });
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
for (const [size, viewport] of Object.entries(SIZES)) for (const theme of ['light', 'dark'] as const) {
  test(`the filters and export buttons have no axe violations in the ${theme} theme at ${size} size`, async ({ page, request, signIn }) => {
    test.slow(); // four screens and a refused filter, each checked by axe
    const site = uniqueSite();
    await seedHistory(request, site);
    await page.setViewportSize(viewport);
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
    for (const path of [`/history?origin=${encodeURIComponent(site)}&rating=down`, '/feedback/page/1/down?from=2199-03-02&country=IS', `/help-requests?origin=${encodeURIComponent(site)}`, '/audit-log']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
      await test.step(path, () => expectNoAccessibilityViolations(page));
    }
    await page.goto('/history');
    await typeFilter(page, 'Country', 'I1');
    await expect(page.getByText('The country must be a two-letter code such as DE.')).toBeVisible();
    await test.step('a refused filter', () => expectNoAccessibilityViolations(page));
  });
}
