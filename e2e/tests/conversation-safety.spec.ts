import fs from 'node:fs';
import { postBotFeedback, postBotMessage } from '../support/bot-api.ts';
import { E2E_SEEDS_FILE } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNothingRan, watchForScripts } from '../support/script-watch.ts';
import { type E2eSeeds, javascriptUrl, payload, shortPayload, UNSAFE_SESSION_ID } from '../support/script-payloads.ts';

/**
 * The chatbot read untrusted documents, so anything it stored may carry markup. Every
 * field the history and feedback screens show gets script payloads; none may run.
 * The dashboard's CSP would block inline handlers anyway, so these pages run with CSP
 * bypassed: only the sanitising and the safe links stand between a payload and the page.
 */
test.use({ bypassCSP: true });

test('stored script payloads in every shown field of history and feedback never run', async ({ page, request, signIn }) => {
  const watch = watchForScripts(page);
  // Through the bot API: everything it accepts.
  const sessionId = UNSAFE_SESSION_ID;
  const historyId = await postBotMessage(request, {
    session_id: sessionId,
    user_message: payload('message'),
    api_response: `<p>Safe part of the answer</p>${payload('response')}`,
    source_docs: [payload('doc-string'), { metadata: { filename: payload('doc-title'), source_url: 'https://docs.example.com/a.pdf' } }],
    origin: 'https://shop.example.com/?q=%3Cscript%3E',
    account: { primary_id: shortPayload('primary'), secondary_id: shortPayload('secondary'), email: shortPayload('email') },
    time: '2300-01-01T00:00:00Z',
  });
  const feedbackId = await postBotFeedback(request, {
    history_id: historyId,
    rating: 'down',
    reason: [payload('reason-1'), payload('reason-2')],
    user_feedback: payload('user-feedback'),
    time: '2300-01-01T00:00:00Z',
  });
  // Stored directly before the server started (support/seed-raw-rows.ts): what the bot API refuses,
  // such as javascript: URLs and markup in country and user_ip.
  const { rawFeedbackId } = JSON.parse(fs.readFileSync(E2E_SEEDS_FILE, 'utf8')) as E2eSeeds;
  await signIn('admin');

  await page.goto('/history');
  // Shown as text, so the visitor's words stay readable.
  await expect(page.getByRole('cell', { name: payload('message') })).toBeVisible();
  await expect(page.getByRole('cell', { name: payload('country') })).toBeVisible();
  await expectNothingRan(page, watch);

  await page.goto(`/history/${sessionId}`);
  await expect(page.getByText('Safe part of the answer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account Details' }).first()).toContainText(shortPayload('primary'));
  await expect(page.getByText(javascriptUrl('origin'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Evil doc' })).toHaveCount(0);
  await expect(page.getByText('Evil doc')).toBeVisible();
  // A link inside the answer keeps its text but loses its javascript: address.
  await expect(page.getByText('response link', { exact: true })).toBeVisible();
  await page.getByText('response link', { exact: true }).click();
  await expectNothingRan(page, watch);

  await page.goto('/feedback');
  await expect(page.getByRole('cell', { name: payload('feedback-ip') })).toBeVisible();
  await expectNothingRan(page, watch);

  for (const id of [feedbackId, rawFeedbackId]) {
    await page.goto(`/feedback/${id}`);
    await expect(page.getByRole('heading', { name: 'Type correct answer to the question below.' })).toBeVisible();
    await expectNothingRan(page, watch);
  }
  await expect(page.getByText(javascriptUrl('reason'))).toBeVisible();
  await page.goto(`/feedback/${feedbackId}`);
  await expect(page.getByText(payload('reason-2'))).toBeVisible();
  await expect(page.getByText(payload('user-feedback'))).toBeVisible();
  await expectNothingRan(page, watch);
});
