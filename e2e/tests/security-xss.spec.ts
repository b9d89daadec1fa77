import { postBotHelpRequest, postBotMessage } from '../support/bot-api.ts';
import { addDocument, textUpload } from '../support/documents.ts';
import { expect, test } from '../support/fixtures.ts';
import { payload, shortPayload } from '../support/script-payloads.ts';
import { expectNothingRan, watchForScripts } from '../support/script-watch.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Stored XSS beyond history and feedback (conversation-safety.spec.ts): script payloads stored through
 * the staff API and the bot API in every other field a screen shows (help requests, Inform the Bot,
 * fun facts, document titles, staff names, search snippets) never run, and plain-text fields show the
 * markup literally. CSP is bypassed, so the escaping and sanitising alone are what is tested
 * (security-csp.spec.ts checks the policy itself).
 */
test.use({ bypassCSP: true });

const LITERAL = 'onerror=';

test('stored script payloads in help requests, Inform the Bot, fun facts, documents, names and search never run', async ({ page, request, signIn, createStaff }) => {
  test.setTimeout(scaled(90_000));
  const watch = watchForScripts(page);
  const word = `zebra${Date.now().toString(36)}`;
  const helpRequestId = await postBotHelpRequest(request, { name: shortPayload('hr-name'), email: 'visitor@example.com', message: payload('hr-message') });
  await postBotMessage(request, {
    session_id: `xss-search-${word}`,
    user_message: `${word} ${payload('search-question')}`,
    api_response: `<p>${word} answer</p>${payload('search-answer')}`,
  });
  await createStaff('viewer', shortPayload('staff-name'));
  const admin = await signIn('admin', shortPayload('admin-name'));

  const stored = await page.request.post('/api/inform-the-bot', { data: { content: `${word} ${payload('inform')}` } });
  expect(stored.status()).toBe(200);
  const fact = await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact: payload('fun-fact'), url: 'https://example.com/fact' }] } });
  expect(fact.status()).toBe(200);
  await addDocument(page, textUpload('xss.txt', 'Plain text.'), { title: shortPayload('doc-title') });

  const screens: { path: string; literal: boolean }[] = [
    { path: '/help-requests', literal: true },
    { path: `/help-requests/${helpRequestId}`, literal: true },
    { path: '/inform-the-bot', literal: true },
    { path: '/bot-settings', literal: true },
    { path: '/documents', literal: true },
    { path: '/user-accounts', literal: true },
    { path: `/user-accounts/${admin.id}`, literal: true },
    { path: `/search/${word}/page/1`, literal: false },
    { path: '/home', literal: false },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.locator('main')).toBeVisible();
    if (screen.literal) await expect(page.locator('main'), screen.path).toContainText(LITERAL);
    await expectNothingRan(page, watch);
  }

  // The search snippets of the top bar's search, as typed.
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Search' }).fill(word);
  await expect(page.getByRole('listbox', { name: 'Search results' })).toContainText(word);
  await expectNothingRan(page, watch);
});
