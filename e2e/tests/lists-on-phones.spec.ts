import type { Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The one list (components/data-list) on a phone: each row a card of its cells, every cell labelled with its
 * column, nothing off screen; the column headers stay exposed to screen readers. Five lists and the search.
 */
test.use({ viewport: { width: 375, height: 667 } });

const LISTS: { path: (word: string) => string; name: string; columns: string[] }[] = [
  // History and Feedback: the spec's columns, then what a reviewer needs on the row (issue 40).
  { path: () => '/history', name: 'History', columns: ['ID', 'Message', 'Date', 'Time', 'Country', 'User IP', 'Review'] },
  { path: () => '/feedback', name: 'Feedback', columns: ['ID', 'User IP', 'Country', 'Time', 'Rating', 'Question', 'Reason'] },
  { path: () => '/help-requests', name: 'Help Requests', columns: ['ID', 'Message', 'Name', 'Email', 'Status'] },
  { path: () => '/user-accounts', name: 'User Accounts', columns: ['Name', 'Email Address', 'Role', 'Actions'] },
  { path: () => '/audit-log', name: 'Audit Log', columns: ['When', 'Who', 'Action', 'Object', 'IP'] },
  { path: (word) => `/search/${word}/page/1`, name: 'Search results', columns: ['User message', 'Chatbot response'] },
];

async function expectStackedCards(page: Page, name: string, columns: string[]): Promise<void> {
  const table = page.getByRole('table', { name });
  await expect(table.getByRole('columnheader')).toHaveText(columns);
  const row = table.getByRole('row').filter({ has: page.getByRole('cell') }).first();
  await expect(row).toBeVisible();
  // Every shown cell of the row: as wide as the card, inside the screen, and labelled with its column.
  const cells = await row.getByRole('cell').evaluateAll((elements) =>
    elements
      .filter((cell) => getComputedStyle(cell).display !== 'none')
      .map((cell) => {
        const box = cell.getBoundingClientRect();
        return { label: getComputedStyle(cell, '::before').content, display: getComputedStyle(cell).display, left: box.left, right: box.right, dataLabel: cell.getAttribute('data-label') };
      }),
  );
  expect(cells.length).toBeGreaterThan(1);
  for (const cell of cells) {
    expect(cell.display).toBe('block');
    expect(cell.left).toBeGreaterThanOrEqual(0);
    expect(cell.right).toBeLessThanOrEqual(375);
    if (cell.dataLabel) expect(cell.label).toBe(`"${cell.dataLabel}"`);
  }
  expect(cells.some((cell) => cell.dataLabel === columns[0])).toBe(true);
  // The header row is for screen readers only: nothing of it takes room on the screen.
  expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('the five lists and the search results show each row as a card of labelled cells on a phone', async ({ page, request, signIn }) => {
  test.slow();
  const word = `phonecard${Date.now().toString(36)}`;
  const sessionId = uniqueSessionId('phone-cards');
  const historyId = await postBotMessage(request, { session_id: sessionId, user_message: `A ${word} question from a phone`, api_response: `<p>An answer about ${word}.</p>` });
  await postBotFeedback(request, { history_id: historyId, rating: 'up' });
  await postBotHelpRequest(request, { name: 'Phone Visitor', email: 'phone.visitor@example.com', message: 'Please call me back about my order.' });
  await signIn('admin');
  for (const list of LISTS) {
    await page.goto(list.path(word));
    await test.step(list.name, () => expectStackedCards(page, list.name, list.columns));
  }
  // A card opens its detail as a row does (from the search, where this test's row is sure to be on the first page:
  // other tests add history with later times).
  await page.goto(`/search/${word}/page/1`);
  await page.getByRole('table', { name: 'Search results' }).getByRole('row').filter({ hasText: word }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${sessionId}$`));
});
