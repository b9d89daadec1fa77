import type { APIRequestContext, Page } from '@playwright/test';
import { postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, test } from '../support/fixtures.ts';

const rowWithText = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Asks the public chat a question no document answers: the bot says it does not know, a coverage gap. */
async function askUnanswerable(request: APIRequestContext, question: string): Promise<void> {
  const answer = await request.post('/api/chat/ask', { data: { message: question } });
  const body = (await answer.json()) as { data?: { rows: { answer_kind: string }[] } };
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.data?.rows[0]?.answer_kind).toBe('unknown');
}

test.describe('History: coverage gaps', () => {
  test('"Coverage gaps only" lists the questions the bot could not answer, kept in the URL', async ({ page, request, signIn }) => {
    const label = uniqueSessionId('gap');
    const gap = `Zorblax quimble ${label}?`;
    const answered = `Where is my order? ${label}`;
    await askUnanswerable(request, gap);
    await postBotMessage(request, { session_id: label, user_message: answered, api_response: '<p>It ships tomorrow.</p>' });

    await signIn('viewer');
    await page.goto('/history');
    const toggle = page.getByRole('checkbox', { name: 'Coverage gaps only' });
    await expect(toggle).not.toBeChecked();
    await expect(rowWithText(page, gap)).toBeVisible();
    await expect(rowWithText(page, answered)).toBeVisible();

    // A click, then the URL: the switch follows the URL, which changes once the router has navigated.
    await toggle.click();
    await expect(page).toHaveURL(/\/history\?coverage_gaps=true$/);
    await expect(toggle).toBeChecked();
    await expect(rowWithText(page, gap)).toBeVisible();
    await expect(rowWithText(page, answered)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/history/page/1?coverage_gaps=true',
    );

    // Opened from the URL, the filter is on.
    await page.goto('/history/page/1?coverage_gaps=true');
    await expect(page.getByRole('checkbox', { name: 'Coverage gaps only' })).toBeChecked();
    await expect(rowWithText(page, answered)).toHaveCount(0);
    await expect(rowWithText(page, gap)).toBeVisible();

    await page.getByRole('checkbox', { name: 'Coverage gaps only' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('checkbox', { name: 'Coverage gaps only' })).not.toBeChecked();
    await expect(rowWithText(page, answered)).toBeVisible();
  });
});
