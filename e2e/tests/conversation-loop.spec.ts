import type { Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, signInAs, test, type StaffUser } from '../support/fixtures.ts';

/** Issue 40's controls (the staff's loop) at desktop and phone size, in both themes, each screen axe-clean. */

const THEMES = ['light', 'dark'] as const;

async function useTheme(page: Page, user: StaffUser, theme: (typeof THEMES)[number]): Promise<void> {
  const answer = await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
  expect(answer.status()).toBe(200);
}

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 667 }],
] as const) {
  test.describe(`the staff's loop (${size})`, () => {
    test.use({ viewport });

    test('the session detail shows times, ratings and the help request, and "Correct this answer" files a correction', async ({ page, request, signIn }) => {
      test.slow();
      const sessionId = uniqueSessionId('loop');
      const question = `Does the kettle ${sessionId} descale itself?`;
      const historyId = await postBotMessage(request, { session_id: sessionId, user_message: question, api_response: '<p>Yes, every night.</p>', time: '2240-03-04T05:06:00Z' });
      await postBotFeedback(request, { history_id: historyId, rating: 'down', reason: ['Wrong answer'], user_feedback: 'It does not', time: '2240-03-04T05:07:00Z' });
      const helpRequestId = await postBotHelpRequest(request, { session_id: sessionId, name: 'Kim Kettle', email: 'kim@example.com', message: 'Call me about descaling' });
      const user = await signIn('admin');

      for (const theme of THEMES) {
        await useTheme(page, user, theme);
        await page.goto(`/history/${sessionId}`);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(page.getByRole('columnheader')).toHaveText(['Sender', 'Message', 'Source Documents', 'Origin URL']);
        await expect(page.locator('time[datetime="2240-03-04T05:06:00.000Z"]')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Rated not helpful' })).toHaveAttribute('href', /\/feedback\/\d+$/);
        await expect(page.getByText(': Wrong answer')).toBeVisible();
        await expect(page.getByRole('link', { name: `Help request ${helpRequestId}` })).toHaveAttribute('href', `/help-requests/${helpRequestId}`);
        await expect(page.getByRole('link', { name: 'Correct this answer' })).toBeVisible();
        await expectNoAccessibilityViolations(page);
      }

      await page.getByRole('link', { name: 'Correct this answer' }).click();
      await expect(page).toHaveURL(/\/inform-the-bot\?question=/);
      const form = page.getByRole('form', { name: 'Type correct answer to the question below.' });
      await expect(form.getByLabel('Question')).toHaveText(question);
      await expect(form.getByLabel('Or upload files (.txt, .csv, .pdf)')).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Please type new content or upload files.')).toBeVisible();
      const answer = `No: descale it once a month (${sessionId}).`;
      await form.getByLabel('Correct answer').fill(answer);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'You have successfully added new information.' })).toBeVisible();
      await expect(page).toHaveURL(/\/inform-the-bot$/);
      const card = page.getByRole('article').filter({ hasText: answer });
      await expect(card).toContainText(`Question: ${question}`);
      await expect(card).toContainText('Correction');
    });

    test('the help request detail shows the chat before it and sends a reply by email', async ({ page, request, signIn }) => {
      test.slow();
      const sessionId = uniqueSessionId('reply');
      await postBotMessage(request, { session_id: sessionId, user_message: `Where is order ${sessionId}?`, api_response: '<p>I do not know.</p>' });
      const email = `reply-${Date.now()}@example.com`;
      const helpRequestId = await postBotHelpRequest(request, { session_id: sessionId, name: 'Rae Reply', email, message: 'Where is my order?' });
      const user = await signIn('viewer');

      for (const theme of THEMES) {
        await useTheme(page, user, theme);
        await page.goto(`/help-requests/${helpRequestId}`);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await expect(page.getByRole('heading', { name: 'Chat before the request' })).toBeVisible();
        await expect(page.getByText(`Where is order ${sessionId}?`)).toBeVisible();
        await expect(page.getByRole('link', { name: 'Open the chat session' })).toHaveAttribute('href', `/history/${sessionId}`);
        await expect(page.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
        await expectNoAccessibilityViolations(page);
      }

      const reply = page.getByRole('form', { name: 'Reply by email' });
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await expect(reply.getByText('Please type a reply.')).toBeVisible();
      await reply.getByLabel('Reply to Rae Reply by email').fill('Your order ships tomorrow.');
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await expect(reply.getByRole('status')).toHaveText('Your reply has been sent.');
      await expect(page.getByRole('listitem').filter({ hasText: 'Your order ships tomorrow.' })).toContainText(`to ${email}`);
      await expect(reply.getByLabel('Reply to Rae Reply by email')).toHaveValue('');
      await expectNoAccessibilityViolations(page);

      await page.getByRole('button', { name: 'Mark as Resolved' }).click();
      await expect(page.getByText('You have successfully resolved this help request.')).toBeVisible();
    });

    test("a pending item says who may approve it, the top bar counts what waits for the viewer's approval, and a correction replays", async ({ page, createStaff, request }) => {
      test.slow();
      const author = await createStaff('viewer', 'Ada Author');
      const approver = await createStaff('admin', 'Abe Approver');
      const marker = uniqueSessionId('replay');
      const question = `What are the opening hours of shop ${marker}?`;
      await postBotMessage(request, { session_id: marker, user_message: question, api_response: '<p>We never close.</p>' });
      await signInAs(page, author);
      const content = `Opening hours ${marker} are 9 to 5.`;
      expect((await page.request.post('/api/inform-the-bot', { data: { content, question } })).status()).toBe(200);

      await page.goto('/inform-the-bot?status=pending');
      const own = page.getByRole('article').filter({ hasText: content });
      await expect(own.getByRole('button', { name: 'Pending approval' })).toBeDisabled();
      await expect(own).toContainText('Waiting for another administrator: you wrote this text, so someone else approves it.');

      await page.context().clearCookies();
      await signInAs(page, approver);
      for (const theme of THEMES) {
        await useTheme(page, approver, theme);
        await page.goto('/home');
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        const badge = page.getByRole('link', { name: /items? waits? for your approval/ });
        await expect(badge).toBeVisible();
        await expectNoAccessibilityViolations(page);
        await badge.click();
        await expect(page).toHaveURL('/inform-the-bot?status=pending');
        await expect(page.getByRole('link', { name: 'Pending', exact: true })).toHaveAttribute('aria-current', 'page');
        const card = page.getByRole('article').filter({ hasText: content });
        await expect(card).toContainText('Waiting for another administrator: anyone but the author of this text may approve it.');
        await expect(card.getByRole('button', { name: 'Approve' })).toBeEnabled();
        await card.getByRole('button', { name: 'Replay past questions' }).click();
        const replay = card.getByRole('table', { name: "The past questions most like this correction's" });
        const row = replay.getByRole('row').filter({ hasText: question });
        await expect(row).toContainText('We never close.');
        await expect(row).toContainText(content);
        await expectNoAccessibilityViolations(page);
      }
      await page.getByRole('link', { name: 'All', exact: true }).click();
      await expect(page).toHaveURL('/inform-the-bot');
    });
  });
}
