import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/** Holds the matching calls until `release()`; each is then answered by `answer`. */
function holdCalls(page: Page, url: string, answer: (route: Route) => Promise<void>) {
  const held: Route[] = [];
  let released = false;
  void page.route(url, async (route) => (released ? answer(route) : held.push(route)));
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map(answer));
    },
  };
}

/** An empty page, as a list call answers it (a filtered list's count, not capped). */
const emptyRows = (route: Route) => route.fulfill({ json: { success: true, data: { rows: [], total_count: 0, total_count_capped: false } } });

test.describe('loading and empty states', () => {
  test('a list says "Loading…" while its request runs, then its one empty line', async ({ page, signIn }) => {
    await signIn('viewer');
    const history = holdCalls(page, '**/api/all-history/0', emptyRows);
    await page.goto('/history');
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByText('No conversations yet.')).toBeHidden();
    await history.release();
    await expect(page.getByText('No conversations yet.')).toBeVisible();
    // "Loading…" is gone; the count line (also a status) says what the filters hold.
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeHidden();
    await expect(page.getByTestId('list-count')).toHaveText('0 questions');
    // Why it is empty and what fills it, and no lone page button.
    await expect(page.getByText(/Each question a visitor asks the bot appears here/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'demo page' })).toHaveAttribute('href', '/demo');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('the help requests list has its empty line', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.route('**/api/all-help-requests/0/pending', (route) =>
      route.fulfill({ json: { success: true, data: { rows: [], total_count: 0, total_count_capped: false } } }),
    );
    await page.goto('/help-requests/page/1/pending');
    await expect(page.getByText('No help requests yet.')).toBeVisible();
  });

  test('a detail says "Loading…" while its request runs', async ({ page, signIn }) => {
    await signIn('viewer');
    const detail = holdCalls(page, '**/api/help-requests/999999', (route) => route.fulfill({ status: 404, json: { success: false, error: { message: 'Not found' } } }));
    await page.goto('/help-requests/999999');
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await detail.release();
    await expect(page.getByRole('status')).toBeHidden();
  });

  test('a failed list load shows neither "Loading…" nor the empty line (spec section 8)', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.route('**/api/all-history/0', (route) => route.fulfill({ status: 500, json: { success: false, error: { message: 'Internal Server Error' } } }));
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByRole('status')).toBeHidden({ timeout: scaled(10_000) });
    await expect(page.getByText('No conversations yet.')).toBeHidden();
  });
});
