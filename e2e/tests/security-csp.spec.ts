import type { Page } from '@playwright/test';
import { postBotFeedback, postBotHelpRequest, postBotMessage } from '../support/bot-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { SCREEN_ROUTE_PARAMETERS, signedInScreens } from '../support/signed-in-screens.ts';
import { screensBudget } from '../support/slowdown.ts';

/**
 * The built server's Content-Security-Policy (no inline script, frame-ancestors 'none', …) blocks
 * nothing the dashboard itself does: every screen, signed out and signed in, loads without a single
 * CSP violation or page error in the browser.
 */

interface Violations {
  console: string[];
  errors: string[];
}

async function watchViolations(page: Page): Promise<Violations> {
  const seen: Violations = { console: [], errors: [] };
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) seen.console.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const record = window as unknown as { __cspViolations?: string[] };
      (record.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return seen;
}

async function expectNoViolations(page: Page, seen: Violations, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const fromPage = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect({ path, console: seen.console, events: fromPage, errors: seen.errors }).toEqual({ path, console: [], events: [], errors: [] });
}

test('every screen loads without a CSP violation, signed out and as an administrator', async ({ page, request, signIn }) => {
  test.setTimeout(screensBudget(3 + signedInScreens(SCREEN_ROUTE_PARAMETERS).length + 1));
  const sessionId = `csp-${Date.now()}`;
  const historyId = await postBotMessage(request, { session_id: sessionId, user_message: 'Where is my order?', api_response: '<p>On <b>its</b> way.</p>' });
  const feedbackId = await postBotFeedback(request, { history_id: historyId, rating: 'down', user_feedback: 'Vague.' });
  const helpRequestId = await postBotHelpRequest(request, { session_id: sessionId, name: 'Vera', email: 'vera@example.com', message: 'Call me.' });
  const seen = await watchViolations(page);

  for (const path of ['/', '/reset-password', '/register/not-a-real-key']) {
    await page.goto(path);
    await expectNoViolations(page, seen, path);
  }

  const admin = await signIn('admin');
  const screens = [...signedInScreens({ sessionId, feedbackId, helpRequestId, userId: admin.id, searchText: 'order' }), '/no-such-screen'];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.locator('body')).not.toBeEmpty();
    await expectNoViolations(page, seen, path);
  }
  // The policy is the server's, not the browser's default.
  const answer = await page.request.get('/home');
  expect(answer.headers()['content-security-policy']).toContain("script-src 'self'");
});
