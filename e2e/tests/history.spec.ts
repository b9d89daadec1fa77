import type { Page } from '@playwright/test';
import { ANSWER_LINK_REL } from '@steward/contract/answer-html';
import { postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, test } from '../support/fixtures.ts';

// Dates show in the viewer's time zone: New York is UTC-5 in January.
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const rowWithText = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('History list', () => {
  test('shows the columns and a row in long US date and local time, and a row click opens its session', async ({ page, request, signIn }) => {
    const sessionId = uniqueSessionId('history-list');
    const message = `Where is my order? ${sessionId}`;
    const id = await postBotMessage(request, {
      session_id: sessionId,
      user_message: message,
      api_response: '<p>It ships tomorrow.</p>',
      // 03:30 UTC on the 16th is still the 15th in New York.
      time: '2198-01-16T03:30:00Z',
      country: 'NZ',
      user_ip: '203.0.113.9',
    });
    await signIn('viewer');
    await page.goto('/history');

    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    // The spec's columns, then the review badges (issue 40).
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Message', 'Date', 'Time', 'Country', 'User IP', 'Review']);
    const row = rowWithText(page, message);
    await expect(row.getByRole('cell')).toHaveText([String(id), message, 'January 15, 2198', '10:30 PM', 'NZ', '203.0.113.9', '']);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/history/${sessionId}$`));
    await expect(page.getByRole('cell', { name: message })).toBeVisible();
  });

  test('pages 30 rows at a time with numbered pages, the current one highlighted', async ({ page, request, signIn }) => {
    const label = uniqueSessionId('paging');
    // 31 exchanges newer than anything else this run stores, one minute apart: the oldest is the 31st.
    for (let index = 0; index < 31; index += 1) {
      await postBotMessage(request, {
        session_id: `${label}-${index}`,
        user_message: `${label} message ${index}`,
        api_response: '<p>ok</p>',
        time: new Date(Date.UTC(2195, 0, 1, 0, index)).toISOString(),
      });
    }
    await signIn('viewer');
    await page.goto('/history');
    await expect(rowWithText(page, `${label} message 30`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(31);
    await expect(rowWithText(page, `${label} message 0`)).toHaveCount(0);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/history\/page\/2$/);
    await expect(rowWithText(page, `${label} message 0`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Opened directly, a page route shows that page too.
    await page.goto('/history/page/2');
    await expect(rowWithText(page, `${label} message 0`)).toBeVisible();
  });
});

test.describe('History session detail', () => {
  test('shows a User row and a Chatbot row per exchange, in order, with links and "n/a"', async ({ page, request, signIn }) => {
    const sessionId = uniqueSessionId('detail');
    await postBotMessage(request, {
      session_id: sessionId,
      user_message: 'First question',
      api_response: '<p>First <strong>answer</strong> with <a href="https://help.example.com/a">a link</a></p>',
      source_docs: [
        { metadata: { filename: 'Kettle manual.pdf', source_url: 'https://docs.example.com/kettle.pdf' } },
        'https://docs.example.com/faq',
        'Warranty terms',
      ],
      origin: 'https://shop.example.com/kettles',
      time: '2026-02-01T10:00:00Z',
    });
    await postBotMessage(request, {
      session_id: sessionId,
      user_message: 'Second question',
      api_response: '<p>Second answer</p>',
      time: '2026-02-01T10:05:00Z',
    });
    await signIn('viewer');
    await page.goto(`/history/${sessionId}`);

    await expect(page.getByRole('columnheader')).toHaveText(['Sender', 'Message', 'Source Documents', 'Origin URL']);
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('User');
    await expect(rows.nth(1)).toContainText('First question');
    await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Chatbot');
    await expect(rows.nth(3)).toContainText('Second question');
    await expect(rows.nth(4)).toContainText('Second answer');

    // The response is rendered as HTML, not shown as markup.
    await expect(rows.nth(2).locator('strong')).toHaveText('answer');
    await expect(rows.nth(2)).not.toContainText('<strong>');
    const answerLink = rows.nth(2).getByRole('link', { name: 'a link' });
    await expect(answerLink).toHaveAttribute('target', '_blank');
    // The answer's links get the allow-list's rel (issue 52: no opener, no referrer, no endorsement).
    await expect(answerLink).toHaveAttribute('rel', ANSWER_LINK_REL);

    const origin = rows.nth(1).getByRole('link', { name: 'https://shop.example.com/kettles' });
    await expect(origin).toHaveAttribute('href', 'https://shop.example.com/kettles');
    await expect(origin).toHaveAttribute('target', '_blank');
    await expect(origin).toHaveAttribute('rel', 'noopener noreferrer');

    const manual = rows.nth(2).getByRole('link', { name: 'Kettle manual.pdf' });
    await expect(manual).toHaveAttribute('href', 'https://docs.example.com/kettle.pdf');
    await expect(manual).toHaveAttribute('target', '_blank');
    await expect(manual).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(rows.nth(2).getByRole('link', { name: 'https://docs.example.com/faq' })).toHaveAttribute('href', 'https://docs.example.com/faq');
    // A plain title that is no URL is shown, not linked.
    await expect(rows.nth(2).getByText('Warranty terms')).toBeVisible();
    await expect(rows.nth(2).getByRole('link', { name: 'Warranty terms' })).toHaveCount(0);
    // An answer without source documents says so.
    await expect(rows.nth(4).getByRole('cell').nth(1)).toHaveText('n/a');
  });

  test('shows an Account Details block per distinct account, with "Undefined" for a missing first id', async ({ page, request, signIn }) => {
    const sessionId = uniqueSessionId('accounts');
    const base = { session_id: sessionId, api_response: '<p>ok</p>' };
    await postBotMessage(request, { ...base, user_message: 'a', account: { primary_id: 'cust-1', secondary_id: 'store-9', email: 'ann@example.com' }, time: '2026-03-01T10:00:00Z' });
    await postBotMessage(request, { ...base, user_message: 'b', account: { primary_id: 'cust-1', secondary_id: 'store-9', email: 'ann@example.com' }, time: '2026-03-01T10:01:00Z' });
    await postBotMessage(request, { ...base, user_message: 'c', account: null, time: '2026-03-01T10:02:00Z' });
    await postBotMessage(request, { ...base, user_message: 'd', account: { secondary_id: 'store-4', email: 'bob@example.com' }, time: '2026-03-01T10:03:00Z' });
    await signIn('viewer');
    await page.goto(`/history/${sessionId}`);

    const blocks = page.getByRole('region', { name: 'Account Details' });
    await expect(blocks).toHaveCount(2);
    await expect(blocks.nth(0)).toContainText('Account Details');
    await expect(blocks.nth(0)).toContainText('cust-1');
    await expect(blocks.nth(0)).toContainText('store-9');
    await expect(blocks.nth(0)).toContainText('ann@example.com');
    await expect(blocks.nth(1)).toContainText('Undefined');
    await expect(blocks.nth(1)).toContainText('store-4');
    await expect(blocks.nth(1)).toContainText('bob@example.com');
  });

  test('Back goes one step back after navigating, and to /history when opened directly', async ({ page, request, signIn }) => {
    const sessionId = uniqueSessionId('back');
    const message = `Back button ${sessionId}`;
    await postBotMessage(request, { session_id: sessionId, user_message: message, api_response: '<p>ok</p>', time: '2199-06-01T00:00:00Z' });
    await signIn('viewer');

    await page.goto(`/history/${sessionId}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/history$/);

    await page.goto('/history/page/1');
    await rowWithText(page, message).click();
    await expect(page).toHaveURL(new RegExp(`/history/${sessionId}$`));
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/history\/page\/1$/);
  });

  test('opens from the sidebar', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  });
});
