import type { APIRequestContext, Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { RETENTION_MESSAGES, RETENTION_PREVIEW_TEXTS, type RetentionPreviewRow } from '@steward/contract/privacy';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { screensBudget } from '../support/slowdown.ts';

// Issue 43 (docs/privacy.md): Bot Settings' Data retention and the Privacy screen's erasure on request.
// Other spec files share this server, and its hourly clean-up reads the saved retention: a test that saves
// one puts back "keep for ever" at once, and never saves days that would delete other files' rows.

const FOREVER = { history: null, feedback: null, helpRequests: null, auditLog: null };

const keepForEver = async (page: Page) => {
  const answer = await page.request.post('/api/data-retention', { data: { retention: FOREVER } });
  expect(answer.status()).toBe(200);
};

/** A visitor's conversation through the bot API: two exchanges, a thumbs-down and a help request. */
async function seedVisitor(request: APIRequestContext, label: string): Promise<{ email: string; ip: string; sessionId: string }> {
  const sessionId = uniqueSessionId(label);
  const email = `${sessionId}@example.com`;
  const ip = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
  const first = await postBotMessage(request, { session_id: sessionId, user_message: 'Where is my order?', api_response: '<p>On its way.</p>', user_ip: ip });
  await postBotMessage(request, { session_id: sessionId, user_message: 'Can I change the address?', api_response: '<p>Yes.</p>', user_ip: ip });
  await postBotFeedback(request, { history_id: first, rating: 'down', user_ip: ip });
  await postBotHelpRequest(request, { session_id: sessionId, name: 'Vera Visitor', email, message: 'Please call me.', user_ip: ip });
  return { email, ip, sessionId };
}

const countOf = (page: Page, testId: string, store: string) =>
  page.getByTestId(testId).getByRole('row').filter({ has: page.getByRole('rowheader', { name: store, exact: true }) }).getByRole('cell');

test.describe('Data retention in Bot Settings', () => {
  test('saves days per kind, shows them after a reload, and refuses what is not whole days', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/bot-settings');
    const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Data retention' }) });
    await expect(section.getByText("Server default: 365 days.")).toBeVisible();
    const helpRequests = section.getByLabel('Help requests (days)');
    await helpRequests.fill('0');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Keep a whole number of days from 1 to 36500, or leave it empty to keep for ever.')).toBeVisible();
    try {
      // Ten years: old enough to delete no other spec's rows.
      await helpRequests.fill('3650');
      await section.getByLabel('Audit log (days)').fill('3650');
      await section.getByLabel('Chat history (days)').fill('');
      await section.getByLabel('Feedback (days)').fill('');
      await section.getByRole('button', { name: 'Save' }).click();
      // Shorter than for ever: the counts first, then the save (shorter-retention test below).
      await page.getByRole('dialog').getByRole('button', { name: /^Save( and delete)?$/ }).click();
      await expect(section.getByText('You have successfully saved the data retention.')).toBeVisible();
      await page.reload();
      const reloaded = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Data retention' }) });
      await expect(reloaded.getByLabel('Help requests (days)')).toHaveValue('3650');
      await expect(reloaded.getByLabel('Audit log (days)')).toHaveValue('3650');
      await expect(reloaded.getByLabel('Chat history (days)')).toHaveValue('');
      await expect(reloaded.getByLabel('Chat history (days)')).toHaveAttribute('placeholder', 'Kept for ever');
      await expect(reloaded.getByText('These values are saved here.')).toBeVisible();
    } finally {
      await keepForEver(page);
    }
  });

  test('a shorter retention first shows how many rows it deletes within the hour and asks; Cancel saves nothing; a longer one saves at once', async ({ page, request, signIn }) => {
    // Eleven years ago: older than the ten years saved here, and than what any other spec saves.
    const old = new Date(Date.now() - 11 * 365 * 86_400_000).toISOString();
    const sessionId = uniqueSessionId('old-visitor');
    const historyId = await postBotMessage(request, { session_id: sessionId, user_message: 'An old question', api_response: '<p>An old answer.</p>', time: old });
    await postBotFeedback(request, { history_id: historyId, rating: 'up', time: old });
    await postBotHelpRequest(request, { session_id: sessionId, name: 'Olga Old', email: `${sessionId}@example.com`, message: 'An old request.', time: old });
    await signIn('admin');
    await keepForEver(page);
    await page.goto('/bot-settings');
    const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Data retention' }) });
    await section.getByLabel('Chat history (days)').fill('3650');
    await section.getByLabel('Help requests (days)').fill('3650');
    await section.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: RETENTION_PREVIEW_TEXTS.title });
    await expect(dialog.getByText(RETENTION_PREVIEW_TEXTS.intro)).toBeVisible();
    const proposed = { ...FOREVER, history: 3650, helpRequests: 3650 };
    const counted = ((await (await page.request.post('/api/data-retention/preview', { data: { retention: proposed } })).json()) as { data: { rows: RetentionPreviewRow[] } }).data.rows;
    const shown = counted.filter((row) => row.kind === 'history' || row.kind === 'helpRequests');
    expect(shown.every((row) => row.rows >= 1)).toBe(true);
    await expect(dialog.getByTestId('retention-preview').getByRole('listitem')).toHaveText(shown.map((row) => RETENTION_PREVIEW_TEXTS.line(row)));
    await expect(dialog.getByText(/^Chat history \(older than 3,650 days\): \d[\d,]* questions? with (its|their) answers?$/)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const inForce = async () => ((await (await page.request.get('/api/data-retention')).json()) as { data: { rows: { kind: string; days: number | null; saved: boolean }[] } }).data.rows;
    expect((await inForce()).find((row) => row.kind === 'history')?.days).toBeNull();

    try {
      await section.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('button', { name: RETENTION_PREVIEW_TEXTS.confirm }).click();
      await expect(section.getByText(RETENTION_MESSAGES.saved)).toBeVisible();
      expect((await inForce()).find((row) => row.kind === 'helpRequests')?.days).toBe(3650);
      // Longer than what is saved: no counts to show, saved at once.
      await page.reload();
      await section.getByLabel('Help requests (days)').fill('3700');
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(section.getByText(RETENTION_MESSAGES.saved)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      expect((await inForce()).find((row) => row.kind === 'helpRequests')?.days).toBe(3700);
    } finally {
      await keepForEver(page);
    }
  });

  test('shows a viewer the retention read only, without the way to the Privacy screen', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/bot-settings');
    const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Data retention' }) });
    await expect(section.getByLabel('Chat history (days)')).toBeDisabled();
    await expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(section.getByRole('link', { name: "Find and erase a visitor's data" })).toHaveCount(0);
  });
});

test.describe('Privacy: erasure on request', () => {
  test('finds a visitor by email, erases it all after a confirmation, and the audit log records it', async ({ page, request, signIn }) => {
    const visitor = await seedVisitor(request, 'erase-by-email');
    await signIn('admin');
    await page.goto('/bot-settings');
    await page.getByRole('link', { name: "Find and erase a visitor's data" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await page.getByLabel('Email').fill(visitor.email.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(countOf(page, 'personal-data-found', 'Chat history (questions and answers)')).toHaveText('2');
    await expect(countOf(page, 'personal-data-found', 'Feedback')).toHaveText('1');
    await expect(countOf(page, 'personal-data-found', 'Help requests')).toHaveText('1');
    await expect(countOf(page, 'personal-data-found', 'Chat sessions')).toHaveText('1');

    await page.getByRole('button', { name: 'Erase all' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Erase everything listed? This cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Erase all' }).click();
    await expect(dialog.getByText('The visitor’s data has been erased.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(countOf(page, 'personal-data-erased', 'Chat history (questions and answers)')).toHaveText('2');
    await expect(page.getByRole('status').filter({ hasText: 'rows erased' })).toBeVisible();

    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Nothing is stored about this visitor.')).toBeVisible();
    await expect(countOf(page, 'personal-data-found', 'Chat history (questions and answers)')).toHaveText('0');

    // The session is gone from History too.
    await page.goto(`/history/${encodeURIComponent(visitor.sessionId)}`);
    await expect(page.getByText('Where is my order?')).toHaveCount(0);

    await page.goto('/audit-log?action=personal_data_erased');
    await expect(page.getByRole('table').getByText("Erased a visitor's data").first()).toBeVisible();
  });

  test('finds a visitor by IP address and refuses a malformed one', async ({ page, request, signIn }) => {
    const visitor = await seedVisitor(request, 'erase-by-ip');
    await signIn('admin');
    await page.goto('/privacy');
    await page.getByLabel('Find by').selectOption('ip');
    await page.getByLabel('IP address').fill('300.1.1.1');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Please enter a valid IPv4 or IPv6 address.')).toBeVisible();
    await page.getByLabel('IP address').fill(visitor.ip);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(countOf(page, 'personal-data-found', 'Chat history (questions and answers)')).toHaveText('2');
  });

  test('sends a viewer from /privacy to /home, and refuses the calls', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/home$/);
    const answer = await page.request.post('/api/personal-data/find', { data: { kind: 'email', value: 'someone@example.com' } });
    expect(answer.status()).toBe(403);
  });
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
for (const [size, viewport] of Object.entries(SIZES)) for (const theme of ['light', 'dark'] as const) {
  test(`the Privacy screen and Data retention have no axe violations (${theme}, ${size})`, async ({ page, request, signIn }) => {
    test.setTimeout(screensBudget(3)); // Bot Settings, Privacy with counts, its confirmation
    await page.setViewportSize(viewport);
    const visitor = await seedVisitor(request, `axe-${theme}-${size}`);
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
    await page.goto('/bot-settings');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(page.getByRole('heading', { name: 'Data retention' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await test.step('/bot-settings', () => expectNoAccessibilityViolations(page));

    await page.goto('/privacy');
    await page.getByLabel('Find by').selectOption('sessionId');
    await page.getByLabel('Session ID').fill(visitor.sessionId);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(countOf(page, 'personal-data-found', 'Feedback')).toHaveText('1');
    await test.step('/privacy with counts', () => expectNoAccessibilityViolations(page));
    await page.getByRole('button', { name: 'Erase all' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await test.step('/privacy confirmation', () => expectNoAccessibilityViolations(page));
  });
}
