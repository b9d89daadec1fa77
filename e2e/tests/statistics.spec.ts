import type { Page } from '@playwright/test';
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
