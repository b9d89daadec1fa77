import { postBotFeedback, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { E2E_BOT_API_KEY } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { signedInScreens } from '../support/signed-in-screens.ts';

/** axe on every signed-in screen, in both themes, with data on the lists and a confirmation modal open. */
for (const theme of ['light', 'dark'] as const) {
  test(`every signed-in screen has no axe violations in the ${theme} theme`, async ({ page, request, signIn, createStaff }) => {
    test.slow(); // fifteen screens and a modal, each checked by axe
    const sessionId = uniqueSessionId('sweep');
    const historyId = await postBotMessage(request, {
      session_id: sessionId,
      user_message: 'Where is my parcel?',
      api_response: '<p>It ships <b>today</b>.</p>',
      origin: 'https://shop.example.com/help',
      source_docs: [{ metadata: { filename: 'shipping.pdf', source_url: 'https://shop.example.com/shipping.pdf' } }],
    });
    const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', reason: ['Too slow'] });
    const helpAnswer = await request.post('/api/bot/help-requests', {
      data: { name: 'Sweep Visitor', email: 'sweep-visitor@example.com', message: 'Please call me back.', origin_url: 'https://shop.example.com/help' },
      headers: { authorization: `Bearer ${E2E_BOT_API_KEY}` },
    });
    const helpId = ((await helpAnswer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id;
    await createStaff('viewer', 'Sweep Colleague');
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });

    if (helpId === undefined) throw new Error('The bot API answered no help request id.');
    const screens = signedInScreens({ sessionId, feedbackId, helpRequestId: helpId, userId: user.id, searchText: 'parcel' });
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await test.step(path, () => expectNoAccessibilityViolations(page));
    }

    await page.goto('/user-accounts');
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await expect(page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' })).toBeVisible();
    // axe reads colours as drawn: wait for the modal's fade-in to end.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await test.step('delete confirmation modal', () => expectNoAccessibilityViolations(page));
  });
}
