import { postBotFeedback, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

test('the history and feedback screens have no axe violations in either theme', async ({ page, request, signIn }) => {
  test.slow(); // four screens, each checked by axe in both themes
  const sessionId = uniqueSessionId('axe');
  const historyId = await postBotMessage(request, {
    session_id: sessionId,
    user_message: 'Is the kettle dishwasher safe?',
    api_response: '<p>No. See <a href="https://docs.example.com/kettle">the manual</a>.</p>',
    source_docs: [{ metadata: { filename: 'Kettle manual.pdf', source_url: 'https://docs.example.com/kettle.pdf' } }],
    origin: 'https://shop.example.com/kettles',
    account: { primary_id: 'cust-1', email: 'ann@example.com' },
    // Newer than what other specs store, so the rows are on page 1 of the lists.
    time: '2250-01-01T00:00:00Z',
  });
  const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', reason: ['Wrong'], user_feedback: 'Hmm', time: '2250-01-01T00:00:00Z' });
  const user = await signIn('admin');

  for (const theme of ['light', 'dark'] as const) {
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
    for (const [path, ready] of [
      ['/history', 'Is the kettle dishwasher safe?'],
      [`/history/${sessionId}`, 'Kettle manual.pdf'],
      ['/feedback', String(feedbackId)],
      [`/feedback/${feedbackId}`, 'Type correct answer to the question below.'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
    }
  }
});
