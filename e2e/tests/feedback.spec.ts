import type { APIRequestContext, Page } from '@playwright/test';
import { postBotFeedback, postBotMessage, uniqueSessionId, type BotFeedback } from '../support/bot-api.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

interface Seeded {
  id: number;
  sessionId: string;
  question: string;
}

/** One exchange and a rating of it, through the bot API. */
async function seedFeedback(request: APIRequestContext, rating: Omit<BotFeedback, 'history_id'>, label = 'feedback'): Promise<Seeded> {
  const sessionId = uniqueSessionId(label);
  const question = `Question of ${sessionId}`;
  const historyId = await postBotMessage(request, {
    session_id: sessionId,
    user_message: question,
    api_response: '<p>The answer is <em>42</em>.</p>',
    time: '2026-01-01T00:00:00Z',
  });
  const id = await postBotFeedback(request, { history_id: historyId, ...rating });
  return { id, sessionId, question };
}

const rowOf = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

test.describe('Feedback list', () => {
  test('shows the columns, local time in long US format, and thumb icons with accessible names', async ({ page, request, signIn }) => {
    const down = await seedFeedback(request, { rating: 'down', time: '2198-01-16T03:30:00Z', user_ip: '198.51.100.7', country: 'de' });
    const up = await seedFeedback(request, { rating: 'up', time: '2198-01-16T03:31:00Z', user_ip: '198.51.100.8', country: 'FR' });
    await signIn('viewer');
    await page.goto('/feedback');

    await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    // The spec's columns, then the question and the reason a reviewer needs on the row (issue 40).
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'User IP', 'Country', 'Time', 'Rating', 'Question', 'Reason']);
    await expect(rowOf(page, down.id).getByRole('cell')).toHaveText([String(down.id), '198.51.100.7', 'DE', 'January 15, 2198, 10:30 PM', '', down.question, '']);
    await expect(rowOf(page, down.id).getByRole('img', { name: 'Thumb down' })).toBeVisible();
    await expect(rowOf(page, up.id).getByRole('img', { name: 'Thumb up' })).toBeVisible();

    await rowOf(page, up.id).click();
    await expect(page).toHaveURL(new RegExp(`/feedback/${up.id}$`));
  });

  test('filters by the tabs All, Thumb Up and Thumb Down, each on page 1 of its route', async ({ page, request, signIn }) => {
    const down = await seedFeedback(request, { rating: 'down', time: '2197-05-01T00:00:00Z' });
    const up = await seedFeedback(request, { rating: 'up', time: '2197-05-01T00:01:00Z' });
    await signIn('viewer');
    await page.goto('/feedback/page/1/down');
    const tabs = page.getByRole('navigation', { name: 'Feedback rating' });
    await expect(tabs.getByRole('link')).toHaveText(['All', 'Thumb Up', 'Thumb Down']);

    await tabs.getByRole('link', { name: 'Thumb Up' }).click();
    await expect(page).toHaveURL(/\/feedback\/page\/1\/up$/);
    await expect(tabs.getByRole('link', { name: 'Thumb Up' })).toHaveAttribute('aria-current', 'page');
    await expect(rowOf(page, up.id)).toBeVisible();
    await expect(rowOf(page, down.id)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Thumb down' })).toHaveCount(0);

    await tabs.getByRole('link', { name: 'Thumb Down' }).click();
    await expect(page).toHaveURL(/\/feedback\/page\/1\/down$/);
    await expect(rowOf(page, down.id)).toBeVisible();
    await expect(rowOf(page, up.id)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Thumb up' })).toHaveCount(0);

    await tabs.getByRole('link', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await expect(rowOf(page, up.id)).toBeVisible();
    await expect(rowOf(page, down.id)).toBeVisible();
  });

  test('pages 30 per page and keeps the filter in the page links', async ({ page, request, signIn }) => {
    const seeded: Seeded[] = [];
    for (let index = 0; index < 31; index += 1) {
      seeded.push(await seedFeedback(request, { rating: 'up', time: new Date(Date.UTC(2196, 0, 1, 0, index)).toISOString() }, 'up-paging'));
    }
    const oldest = seeded[0];
    const newest = seeded[30];
    if (!oldest || !newest) throw new Error('seeding failed');
    await signIn('viewer');
    await page.goto('/feedback/page/1/up');
    await expect(rowOf(page, newest.id)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(31);
    await expect(rowOf(page, oldest.id)).toHaveCount(0);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/feedback/page/2/up');
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/feedback\/page\/2\/up$/);
    await expect(rowOf(page, oldest.id)).toBeVisible();

    // The unfiltered list pages without a filter segment.
    await page.goto('/feedback');
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/feedback/page/2');
    await page.goto('/feedback/page/2');
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('Feedback detail', () => {
  test('shows every field, reasons one per line, the response as HTML, and links to the chat history', async ({ page, request, signIn }) => {
    const seeded = await seedFeedback(request, {
      rating: 'down',
      reason: ['Inaccurate', 'Not helpful'],
      user_feedback: 'It gave the wrong size.',
      user_ip: '192.0.2.44',
      country: 'AU',
      time: '2026-01-16T03:30:00Z',
    });
    await signIn('viewer');
    await page.goto(`/feedback/${seeded.id}`);

    const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(field('ID')).toHaveText(String(seeded.id));
    await expect(field('User IP')).toHaveText('192.0.2.44');
    await expect(field('Country')).toHaveText('AU');
    await expect(field('Time')).toHaveText('January 15, 2026, 10:30 PM');
    await expect(field('User Feedback')).toHaveText('It gave the wrong size.');
    await expect(field('Reason').locator('div')).toHaveText(['Inaccurate', 'Not helpful']);
    await expect(field('User message')).toHaveText(seeded.question);
    await expect(field('Response').locator('em')).toHaveText('42');
    await expect(field('Response')).toHaveText('The answer is 42.');
    await expect(field('Rating').getByRole('img', { name: 'Thumb down' })).toBeVisible();

    await page.getByRole('link', { name: 'View chat history' }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${seeded.sessionId}$`));
    await expect(page.getByText(seeded.question)).toBeVisible();
  });

  test('Back goes to /feedback when opened directly, and one step back otherwise', async ({ page, request, signIn }) => {
    const seeded = await seedFeedback(request, { rating: 'up', time: '2199-01-01T00:00:00Z' });
    await signIn('viewer');
    await page.goto(`/feedback/${seeded.id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/feedback$/);

    await page.goto('/feedback/page/1/up');
    await rowOf(page, seeded.id).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/feedback\/page\/1\/up$/);
  });

  test('shows the server message for unknown feedback', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/feedback/99999999');
    await expect(page.getByText('This feedback does not exist.')).toBeVisible();
  });

  test('gives an admin the "Inform the Bot" shortcut on a down rating, which scrolls to the form', async ({ page, request, signIn }) => {
    const seeded = await seedFeedback(request, { rating: 'down', reason: Array.from({ length: 20 }, (_, index) => `Reason ${index}`) });
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn('admin');
    await page.goto(`/feedback/${seeded.id}`);
    const form = page.getByRole('region', { name: 'Type correct answer to the question below.' });
    await expect(form).not.toBeInViewport();
    await page.getByRole('button', { name: 'Inform the Bot' }).click();
    await expect(form).toBeInViewport();
    await expect(form.getByRole('textbox')).toBeFocused();
  });

  test('gives no shortcut on an up rating, nor to a viewer, who still gets the form', async ({ page, request, signIn }) => {
    const up = await seedFeedback(request, { rating: 'up' });
    const down = await seedFeedback(request, { rating: 'down' });
    await signIn('admin');
    await page.goto(`/feedback/${up.id}`);
    await expect(page.getByRole('heading', { name: 'Type correct answer to the question below.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inform the Bot' })).toHaveCount(0);

    await signIn('viewer');
    await page.goto(`/feedback/${down.id}`);
    await expect(page.getByRole('heading', { name: 'Type correct answer to the question below.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inform the Bot' })).toHaveCount(0);
  });

  test('the correction form validates, shows "Saving..." while saving, and confirms success', async ({ page, request, signIn }) => {
    const seeded = await seedFeedback(request, { rating: 'down' });
    await signIn('viewer');
    await page.goto(`/feedback/${seeded.id}`);
    const form = page.getByRole('region', { name: 'Type correct answer to the question below.' });
    await expect(form).toContainText(seeded.question);

    await form.getByRole('textbox').fill('   ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please type new content.')).toBeVisible();

    // Hold the call so the saving state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/feedback/${seeded.id}/correction`, async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('textbox').fill('The answer is 41.');
    const saved = page.waitForResponse(`**/api/feedback/${seeded.id}/correction`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { rows: { type: string; question: string; status: string }[] } }).data.rows[0]).toMatchObject({
      type: 'correction',
      question: seeded.question,
      status: 'pending',
    });
    await expect(form.getByText('You have successfully added new information.')).toBeVisible();
    await expect(form.getByText('Please type new content.')).toHaveCount(0);
    await expect(form.getByRole('textbox')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test("the correction form shows the server's error message under the textarea", async ({ page, request, signIn }) => {
    const seeded = await seedFeedback(request, { rating: 'down' });
    await signIn('viewer');
    await page.goto(`/feedback/${seeded.id}`);
    await page.route(`**/api/feedback/${seeded.id}/correction`, (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, error: { message: 'The bot is being retrained; try again soon.' } }) }),
    );
    const form = page.getByRole('region', { name: 'Type correct answer to the question below.' });
    await form.getByRole('textbox').fill('Something new');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('The bot is being retrained; try again soon.')).toBeVisible();
    await expect(form.getByRole('textbox')).toHaveAttribute('aria-describedby', /correction-content-error/);
    await expect(form.getByText('You have successfully added new information.')).toHaveCount(0);
  });

  test('opens from the sidebar', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible();
  });
});
