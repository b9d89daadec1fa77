import { postBotFeedback, postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { E2E_BOT_API_KEY } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { signedInScreens } from '../support/signed-in-screens.ts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

/** The screens without sign-in, and a register link that is live (so the register screen shows its email). */
const publicScreens = (registerPath: string) => ['/', '/reset-password', '/reset-password/an-example-key', registerPath];

/** axe on every screen, in both themes, at desktop and phone size, with data on the lists and a confirmation modal open. */
for (const [size, viewport] of Object.entries(SIZES)) for (const theme of ['light', 'dark'] as const) {
  test(`every screen has no axe violations in the ${theme} theme at ${size} size`, async ({ page, browser, request, signIn, createStaff }) => {
    test.slow(); // twenty screens and a modal, each checked by axe
    await page.setViewportSize(viewport);
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
    const screens = [...signedInScreens({ sessionId, feedbackId, helpRequestId: helpId, userId: user.id, searchText: 'parcel' }), '/no-such-screen'];
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

    // The signed-out screens, in the theme this browser remembers.
    const invited = await page.request.post('/api/add-user', { data: { name: 'Sweep Invitee', email: `sweep-${Date.now()}-${size}-${theme}@example.com`, role: 'viewer' } });
    const registerLink = ((await invited.json()) as { data: { rows: { register_link?: string }[] } }).data.rows[0]?.register_link ?? '/register/none';
    const visitor = await browser.newContext({ viewport });
    await visitor.addInitScript((chosen) => window.localStorage.setItem('steward.theme', chosen), theme);
    const signedOut = await visitor.newPage();
    for (const path of publicScreens(new URL(registerLink, 'http://x.invalid').pathname)) {
      await signedOut.goto(path);
      await expect(signedOut.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(signedOut.getByRole('heading').first()).toBeVisible();
      await test.step(path, () => expectNoAccessibilityViolations(signedOut));
    }
    await visitor.close();
  });
}
