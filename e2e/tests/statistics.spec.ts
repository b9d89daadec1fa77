import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BOT_API_KEY } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';

const TABS = ['Past Week', 'Past Month', 'Past Year', 'All Time'];
const TILES = ['Sessions', 'Questions Answered', 'Satisfactory Answers', 'Satisfactory Trend'];

/** True once the canvas holds at least one drawn (non-transparent) pixel. */
const canvasHasDrawn = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((canvas) => {
    const context = (canvas as HTMLCanvasElement).getContext('2d');
    if (!context) return false;
    const { width, height } = canvas as HTMLCanvasElement;
    const pixels = context.getImageData(0, 0, width, height).data;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] !== 0) return true;
    return false;
  });

const bot = { authorization: `Bearer ${E2E_BOT_API_KEY}` };

/** One exchange through the bot API; answers its history id. */
async function postExchange(request: APIRequestContext, sessionId: string): Promise<number> {
  const answer = await request.post('/api/bot/messages', {
    headers: bot,
    data: { session_id: sessionId, user_message: 'How do I descale the kettle?', api_response: '<p>Use citric acid.</p>' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
}

const tileNumber = async (page: Page, title: string): Promise<number> =>
  Number.parseInt((await page.getByTestId(`tile-${title}`).textContent()) ?? '', 10);

test.describe('statistics (home)', () => {
  // A half-hour time zone: the browser's offset travels in the call as 5.5.
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('opens on Past Week with the four tiles and both charts drawn', async ({ page, signIn }) => {
    await signIn('viewer');
    const call = page.waitForResponse((response) => response.url().includes('/api/statistics/'));
    await page.goto('/home');
    const response = await call;
    expect(new URL(response.url()).pathname).toBe('/api/statistics/Past%20Week/5.5');
    expect(response.status()).toBe(200);

    await expect(page.getByRole('tab')).toHaveText(TABS);
    await expect(page.getByRole('tab', { name: 'Past Week' })).toHaveAttribute('aria-selected', 'true');
    for (const title of TILES) await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('tile-Sessions')).toHaveText(/^\d+/);
    await expect(page.getByTestId('tile-Satisfactory Trend')).toHaveText(/^(N\/A|\d+%)/);
    await expect(page.getByRole('heading', { name: 'Feedback', exact: true })).toBeVisible();
    await expect.poll(() => canvasHasDrawn(page, 'Sessions chart')).toBe(true);
    await expect.poll(() => canvasHasDrawn(page, 'Feedback chart')).toBe(true);
  });

  test('reloads the data for each tab, and shows no arrows on All Time', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/home');
    await expect(page.getByTestId('tile-Questions Answered')).toHaveText(/^\d+/);
    for (const tab of ['Past Month', 'Past Year', 'All Time']) {
      const call = page.waitForResponse((response) => response.url().includes(`/api/statistics/${encodeURIComponent(tab)}/5.5`));
      await page.getByRole('tab', { name: tab }).click();
      expect((await call).status()).toBe(200);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => canvasHasDrawn(page, 'Sessions chart')).toBe(true);
    }
    await expect(page).toHaveURL(/\/home\?period=All\+Time$/);
    await expect(page.getByRole('img', { name: /from the previous period/ })).toHaveCount(0);
  });

  test('counts the sessions, questions and ratings the bot reports', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await expect(page.getByTestId('tile-Questions Answered')).toHaveText(/^\d+/);
    // Other specs may have reported data already: count from what is there.
    const before = {
      sessions: await tileNumber(page, 'Sessions'),
      questions: await tileNumber(page, 'Questions Answered'),
      satisfactory: await tileNumber(page, 'Satisfactory Answers'),
    };
    const beforeAnswer = await page.request.get('/api/statistics/Past%20Week/5.5');
    const unsatisfactoryBefore = ((await beforeAnswer.json()) as { data: { rows: { unsatisfactory_answers_current: number }[] } })
      .data.rows[0]?.unsatisfactory_answers_current ?? 0;

    const run = `statistics-e2e-${Date.now()}`;
    const ids = [
      await postExchange(page.request, `${run}-a`),
      await postExchange(page.request, `${run}-a`),
      await postExchange(page.request, `${run}-b`),
      await postExchange(page.request, `${run}-c`),
      await postExchange(page.request, `${run}-c`),
    ];
    for (const [index, rating] of ['up', 'up', 'down'].entries()) {
      const answer = await page.request.post('/api/bot/feedback', { headers: bot, data: { history_id: ids[index], rating } });
      expect(answer.status()).toBe(200);
    }

    await page.reload();
    await expect(page.getByTestId('tile-Sessions')).toHaveText(new RegExp(`^${before.sessions + 3}[▲▼]?$`));
    await expect(page.getByTestId('tile-Questions Answered')).toHaveText(new RegExp(`^${before.questions + 5}[▲▼]?$`));
    await expect(page.getByTestId('tile-Satisfactory Answers')).toHaveText(new RegExp(`^${before.satisfactory + 2}[▲▼]?$`));
    const trend = Math.round(((before.satisfactory + 2) / (unsatisfactoryBefore + 1)) * 100);
    await expect(page.getByTestId('tile-Satisfactory Trend')).toHaveText(new RegExp(`^${trend}%[▲▼]?$`));
    await expect.poll(() => canvasHasDrawn(page, 'Feedback chart')).toBe(true);
  });

  test('shows the numbers and arrows the server answers', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.route('**/api/statistics/**', async (route) => {
      const answer = await (await route.fetch()).json();
      Object.assign(answer.data.rows[0], {
        current_sessions: 12,
        previous_sessions: 8,
        questions_answered_current: 30,
        questions_answered_previous: 31,
        satisfactory_answers_current: 7,
        satisfactory_answers_previous: 7,
        unsatisfactory_answers_current: 3,
        unsatisfactory_answers_previous: 0,
      });
      await route.fulfill({ json: answer });
    });
    await page.goto('/home');
    await expect(page.getByTestId('tile-Sessions')).toHaveText('12▲');
    await expect(page.getByTestId('tile-Sessions').getByRole('img', { name: 'Up from the previous period' })).toBeVisible();
    await expect(page.getByTestId('tile-Questions Answered').getByRole('img', { name: 'Down from the previous period' })).toBeVisible();
    await expect(page.getByTestId('tile-Satisfactory Answers')).toHaveText('7');
    await expect(page.getByTestId('tile-Satisfactory Trend')).toHaveText('233%');
  });

  test('shows nothing when the statistics fail to load', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.route('**/api/statistics/**', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: { message: 'Internal Server Error' } } }),
    );
    await page.goto('/home');
    await expect(page.getByRole('tab', { name: 'Past Week' })).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByTestId('tile-Questions Answered')).toHaveText('');
    await expect(page.getByRole('img', { name: 'Sessions chart' })).toHaveCount(0);
  });
});
