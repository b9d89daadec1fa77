import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { postBotMessage } from '../support/bot-api.ts';
import { E2E_SEEDS_FILE } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { type E2eSeeds, HOSTILE_ANSWER_HTML, HOSTILE_ANSWER_SESSION_ID } from '../support/script-payloads.ts';

/**
 * Issue 52: the bot's answer HTML must not act when staff open it. An answer with images of /api/logout and
 * /api/export, a full-screen sign-in box drawn with the dashboard's own classes and a form makes the browser call
 * nothing and draws nothing over the screen, whether it was stored before the server sanitised answers (a raw row,
 * support/seed-raw-rows.ts: the dashboard's sanitiser alone) or sent through the bot API now; the page's CSP refuses
 * images of its own origin and form submissions; and a GET that acts answers no image or link even when one gets
 * through, while the dashboard's own logout and exports work.
 */

/** The dashboard's calls to the API that act, as the browser made them. */
function watchActingCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(logout|export\/)/.test(new URL(request.url()).pathname)) calls.push(`${request.resourceType()} ${new URL(request.url()).pathname}`);
  });
  return calls;
}

async function expectAnswerHarmless(page: Page, sessionId: string): Promise<void> {
  await page.goto(`/history/${sessionId}`);
  const answer = page.locator('.bot-html').filter({ hasText: 'Your order ships today.' });
  await expect(answer).toBeVisible();
  // Nothing of the answer keeps a class, style or id, a form control, or an image of this server.
  expect(await answer.locator('[class], [style], [id], form, input, button, img').count()).toBe(0);
  // The "sign-in box" is words and a link in the answer's cell, not a layer over the screen.
  const link = answer.getByRole('link', { name: 'Sign in again' });
  await expect(link).toHaveAttribute('href', 'https://evil.example/sign-in');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  const box = await link.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport ? box.width < viewport.width / 2 : false).toBe(true);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  // The session is alive.
  expect((await page.request.get('/api/authenticate-user')).status()).toBe(200);
}

test('an answer stored before the server sanitised answers is made harmless by the dashboard alone', async ({ page, signIn }) => {
  const calls = watchActingCalls(page);
  const { hostileAnswerHistoryId } = JSON.parse(fs.readFileSync(E2E_SEEDS_FILE, 'utf8')) as E2eSeeds;
  expect(hostileAnswerHistoryId).toBeGreaterThan(0);
  await signIn('admin');
  await expectAnswerHarmless(page, HOSTILE_ANSWER_SESSION_ID);
  expect(calls).toEqual([]);
});

test('an answer sent through the bot API now is stored and shown harmless', async ({ page, request, signIn }) => {
  const calls = watchActingCalls(page);
  const sessionId = `hostile-answer-${Date.now()}`;
  await postBotMessage(request, { session_id: sessionId, user_message: 'Where is my order?', api_response: HOSTILE_ANSWER_HTML });
  await signIn('admin');
  await expectAnswerHarmless(page, sessionId);
  expect(calls).toEqual([]);
});

test("the page's CSP refuses an image of its own origin", async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/home');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const refused = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${new URL(event.blockedURI).pathname}`), { once: true });
        const image = document.createElement('img');
        image.src = '/api/logout';
        document.body.append(image);
      }),
  );
  expect(refused).toBe('img-src /api/logout');
  expect((await page.request.get('/api/authenticate-user')).status()).toBe(200);
});

test.describe('past the CSP (an https dashboard allows https images)', () => {
  test.use({ bypassCSP: true });

  test('an image or a followed link of a GET that acts signs no one out and exports nothing', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/home');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    const exportsAudited = async () =>
      ((await (await page.request.post('/api/audit-log/0', { data: { action: 'data_exported' } })).json()) as { data: { total_count: number } }).data.total_count;
    const before = await exportsAudited();
    // Real images: the browser sends them as images (Sec-Fetch-Dest: image, without the dashboard's header): refused.
    const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path).then((response) => response.status());
    const [exportStatus, logoutStatus] = await Promise.all([
      answered('/api/export/history'),
      answered('/api/logout'),
      page.evaluate(() => {
        for (const src of ['/api/export/history?format=csv', '/api/logout']) document.body.append(Object.assign(document.createElement('img'), { src }));
      }),
    ]);
    expect([exportStatus, logoutStatus]).toEqual([403, 403]);
    expect((await page.request.get('/api/authenticate-user')).status()).toBe(200);
    // A link followed to the API: a 403 page, no file.
    expect((await page.goto('/api/export/history?format=csv'))?.status()).toBe(403);
    expect((await page.goto('/api/logout'))?.status()).toBe(403);
    expect((await page.request.get('/api/authenticate-user')).status()).toBe(200);
    expect(await exportsAudited()).toBe(before);
  });
});

test("the dashboard's own export and logout still work", async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/history');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^steward-history-\d{4}-\d{2}-\d{2}\.csv$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/authenticate-user')).status()).toBe(401);
});
