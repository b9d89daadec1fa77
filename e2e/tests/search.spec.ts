import type { APIRequestContext, Page } from '@playwright/test';
import { PAGE_SIZE } from '@steward/contract/paging';
import { SEARCH_TEXTS } from '@steward/contract/search';
import { postBotFeedback, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { E2E_BOT_API_KEY } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

/** A word no other test stores: letters only, so it is one search word. */
const uniqueWord = (label: string) => `${label}${uniqueSessionId('').replace(/[^a-z]/gi, '').slice(-6)}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;

const postHelpRequest = async (request: APIRequestContext, message: string) => {
  const answer = await request.post('/api/bot/help-requests', {
    headers: { authorization: `Bearer ${E2E_BOT_API_KEY}` },
    data: { name: 'Hana Customer', email: 'hana@customer.example', message },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { rows: { id: number }[] } };
  return body.data.rows[0]?.id ?? 0;
};

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

test.describe('Top bar search', () => {
  test('shows results by type with pills, a best match, other results and highlighted snippets', async ({ page, request, signIn }) => {
    const word = uniqueWord('kettle');
    const sessionId = uniqueSessionId('search');
    const historyId = await postBotMessage(request, { session_id: sessionId, user_message: `Is the ${word} dishwasher safe?`, api_response: `<p>The <b>${word}</b> is not dishwasher safe.</p>` });
    await postBotFeedback(request, { history_id: historyId, rating: 'down', user_feedback: `The ${word} answer was wrong` });
    await postHelpRequest(request, `My ${word} arrived broken`);
    await signIn('viewer');
    await page.goto('/home');

    await searchBox(page).fill(word);
    const results = listbox(page);
    await expect(results.getByRole('option')).toHaveCount(3);
    const pills = page.getByRole('group', { name: 'Result types' }).getByRole('button');
    await expect(pills).toHaveText(['History', 'Feedback', 'Help Requests']);
    await expect(results.getByRole('group', { name: SEARCH_TEXTS.bestMatch }).getByRole('option')).toHaveCount(1);
    await expect(results.getByRole('group', { name: SEARCH_TEXTS.otherResults(2) })).toBeVisible();
    await expect(page.getByText(SEARCH_TEXTS.otherResults(2), { exact: true })).toBeVisible();
    await expect(results.locator('mark').first()).toHaveText(word);
    await expect(results.getByText('<b>')).toHaveCount(0);

    await pills.filter({ hasText: 'Feedback' }).click();
    await expect(pills.filter({ hasText: 'Feedback' })).toHaveAttribute('aria-pressed', 'false');
    await expect(results.getByRole('option')).toHaveCount(2);
    await pills.filter({ hasText: 'Feedback' }).click();
    await expect(results.getByRole('option')).toHaveCount(3);

    await page.getByRole('button', { name: SEARCH_TEXTS.clear }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(results).toBeHidden();
  });

  test('says "No results found." and shows the server\'s message', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(uniqueWord('nothing'));
    await expect(page.getByRole('status').filter({ hasText: SEARCH_TEXTS.noResults })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Result types' })).toHaveCount(0);
    await searchBox(page).fill('x'.repeat(201));
    await expect(page.getByRole('alert').filter({ hasText: 'A search is at most 200 characters long.' })).toBeVisible();
  });

  test('works from the keyboard and opens the chosen result, clearing the search', async ({ page, request, signIn }) => {
    const word = uniqueWord('teapot');
    const sessionId = uniqueSessionId('search-keys');
    await postBotMessage(request, { session_id: sessionId, user_message: `Where is my ${word}?`, api_response: 'It ships tomorrow.' });
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(word);
    await expect(listbox(page).getByRole('option')).toHaveCount(1);

    await searchBox(page).press('Escape');
    await expect(listbox(page)).toBeHidden();
    await searchBox(page).press('ArrowDown');
    await expect(listbox(page)).toBeVisible();
    await expect(listbox(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    const activeId = await listbox(page).getByRole('option').first().getAttribute('id');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', activeId ?? '');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/history/${sessionId}$`));
    await expect(searchBox(page)).toHaveValue('');
  });

  test('picks a help request as the best match when it holds the exact words', async ({ page, request, signIn }) => {
    const word = uniqueWord('crack');
    for (const [index, message] of [`Did the ${word} parcel arrive? It looked cracked`, `${word} question: is the lid cracked or chipped?`].entries()) {
      await postBotMessage(request, { session_id: uniqueSessionId(`best-${index}`), user_message: message, api_response: 'Please send us a photo.' });
    }
    const helpId = await postHelpRequest(request, `My teapot arrived ${word} cracked, please send a new one`);
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(`${word} cracked`);
    const best = listbox(page).getByRole('group', { name: SEARCH_TEXTS.bestMatch });
    await expect(best.getByRole('option')).toContainText('Help Requests');
    await best.getByRole('option').click();
    await expect(page).toHaveURL(new RegExp(`/help-requests/${helpId}$`));
  });

  test('shows a stored script as text in the snippet, never running it', async ({ page, request, signIn }) => {
    const word = uniqueWord('script');
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await postBotMessage(request, {
      session_id: uniqueSessionId('search-script'),
      user_message: `<script>alert("${word}")</script><img src=x onerror=alert(1)> ${word} hello`,
      api_response: 'ok',
    });
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(word);
    const option = listbox(page).getByRole('option');
    await expect(option).toContainText(`alert("${word}") ${word} hello`);
    await expect(option.locator('script, img')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('finds staff by a name fragment for holders of read_user_accounts', async ({ page, signIn, createStaff }) => {
    const fragment = uniqueWord('zed');
    const colleague = await createStaff('viewer', `Ann ${fragment}ington`);
    await signIn('admin');
    await page.goto('/home');
    await searchBox(page).fill(fragment.slice(0, 8));
    await expect(page.getByRole('group', { name: 'Result types' }).getByRole('button')).toHaveText(['User Accounts']);
    await expect(listbox(page).getByRole('option')).toContainText(colleague.name);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`is accessible with its dropdown open in the ${theme} theme`, async ({ page, request, signIn }) => {
      const word = uniqueWord('axe');
      await postBotMessage(request, { session_id: uniqueSessionId('search-axe'), user_message: `An ${word} question`, api_response: 'An answer' });
      await postHelpRequest(request, `A ${word} help request`);
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await searchBox(page).fill(word);
      await expect(listbox(page).getByRole('option')).toHaveCount(2);
      await expect(listbox(page).getByRole('group', { name: SEARCH_TEXTS.bestMatch })).toBeVisible();
      await searchBox(page).press('ArrowDown');
      await expectNoAccessibilityViolations(page);
    });
  }
});

test.describe('Search results page', () => {
  test('shows the query, User message and Chatbot response pairs, 20 per page, and opens a session', async ({ page, request, signIn }) => {
    const word = uniqueWord('refund');
    for (let index = 0; index < PAGE_SIZE.searchResults + 1; index += 1) {
      await postBotMessage(request, {
        session_id: uniqueSessionId(`results-${index}`),
        user_message: `${word} question ${index}`,
        api_response: `<p>${word} answer ${index}</p>`,
        time: new Date(Date.UTC(2190, 0, 1, 0, index)).toISOString(),
      });
    }
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(word);
    await expect(listbox(page).getByRole('option')).toHaveCount(PAGE_SIZE.topBarSearch);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/${word}/page/1$`));

    await expect(page.getByRole('heading', { name: 'Search results' })).toBeVisible();
    await expect(page.getByText(`Results for ${word} · 21 results`)).toBeVisible();
    const table = page.getByRole('table', { name: 'Search results' });
    await expect(table.getByRole('columnheader')).toHaveText(['User message', 'Chatbot response']);
    const hits = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(hits).toHaveCount(PAGE_SIZE.searchResults);
    await expect(hits.first().getByRole('cell')).toHaveText([`${word} question 20`, `${word} answer 20`]);
    await expect(hits.first().locator('mark').first()).toHaveText(word);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/search/${word}/page/2$`));
    await expect(hits).toHaveCount(1);
    await hits.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/history\/results-0-/);
  });

  test('Enter in the top bar opens it; without a history hit it says which other kinds match and links them', async ({ page, request, signIn }) => {
    const word = uniqueWord('kinds');
    const historyId = await postBotMessage(request, { session_id: uniqueSessionId('other-kinds'), user_message: 'Where is my parcel?', api_response: 'On its way.' });
    const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', user_feedback: `The ${word} answer missed the point` });
    const helpId = await postHelpRequest(request, `Please call me about the ${word}`);
    await signIn('viewer');
    await page.goto('/home');
    await searchBox(page).fill(word);
    await expect(listbox(page).getByRole('option')).toHaveCount(2);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/${word}/page/1$`));
    await expect(searchBox(page)).toHaveValue('');

    await expect(page.getByRole('status').filter({ hasText: SEARCH_TEXTS.noResults })).toBeVisible();
    const others = page.getByTestId('other-kinds-of-results');
    await expect(others.getByText(SEARCH_TEXTS.otherKinds)).toBeVisible();
    await expect(others.getByRole('heading')).toHaveText(['Feedback (1)', 'Help Requests (1)']);
    await expect(others.getByRole('region', { name: 'Help Requests' }).getByRole('link')).toHaveAttribute('href', `/help-requests/${helpId}`);
    await expect(others.locator('mark').first()).toHaveText(word);
    await expectNoAccessibilityViolations(page);
    await others.getByRole('region', { name: 'Feedback' }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/feedback/${feedbackId}$`));
  });

  test('says "No results found." for a query without hits', async ({ page, signIn }) => {
    await signIn('viewer');
    const word = uniqueWord('none');
    await page.goto(`/search/${word}/page/1`);
    await expect(page.getByText(`Results for ${word}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: SEARCH_TEXTS.noResults })).toBeVisible();
    await expect(page.getByText(SEARCH_TEXTS.otherKinds)).toHaveCount(0);
  });
});
