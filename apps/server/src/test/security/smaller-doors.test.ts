import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { SCRIPTED_CALL_MESSAGES } from '@steward/contract/scripted-calls';
import { chatCall } from '../chat-test-support.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.ts';

// Issue 38's smaller doors: cross-site logout, the fun facts' rate limit, IPv6 clients counted by /64,
// no-store on signed-in answers, and a true 404 for a path that is no dashboard route.

function builtDashboard(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-doors-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ CHAT_RATE_LIMIT_PER_IP: '3' }, { webDistDir: builtDashboard() });
});
afterAll(() => testApp.close());

describe('GET /api/logout', () => {
  it('refuses a cross-site request (a link or an image on another site), and the session lives on', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const crossSite: [Record<string, string>, string][] = [
      [{ 'sec-fetch-site': 'cross-site' }, SCRIPTED_CALL_MESSAGES.refused],
      [{ 'sec-fetch-site': 'same-site' }, SCRIPTED_CALL_MESSAGES.refused],
      // An old browser, no fetch metadata: its Origin says another site.
      [{ origin: 'https://evil.example.net' }, 'Cross-site requests are not accepted.'],
    ];
    for (const [headers, message] of crossSite) {
      const refused = await client.get('/api/logout', headers);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(message);
    }
    expect((await client.get('/api/authenticate-user')).status).toBe(200);
    // The dashboard's own call signs out (acting-gets.test.ts: an image or a link of this very site does not).
    expect((await client.get('/api/logout', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).status).toBe(200);
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
  });
});

describe('the public chat\'s rate limits', () => {
  it('limits GET /api/chat/fun-facts per address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.150' };
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) statuses.push((await chatCall(testApp, 'GET', '/api/chat/fun-facts', { headers, origin: null })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it does not escape the limit', async () => {
    const call = (ip: string) => chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin: null, headers: { 'x-forwarded-for': ip } });
    const statuses: number[] = [];
    for (const suffix of ['1', '2', 'abcd:1', 'ffff:ffff:ffff:ffff']) statuses.push((await call(`2001:db8:5:6::${suffix}`.replace('::ffff:ffff:ffff:ffff', ':ffff:ffff:ffff:ffff'))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call('2001:db8:5:6::99');
    expect(refused.body.error?.message).toBe(CHAT_TEXTS.tooManyRequests);
    // The next /64 is someone else.
    expect((await call('2001:db8:5:7::1')).status).toBe(200);
  });
});

describe('Cache-Control on signed-in answers', () => {
  it('is no-store on every signed-in JSON answer and on the sign-in answer, and left alone for anonymous public ones', async () => {
    const { client, user } = await testApp.signedInClient('admin');
    for (const call of ['/api/authenticate-user', '/api/all-history/0', `/api/user/${user.id}`, '/api/all-help-requests-count']) {
      expect((await client.get(call)).headers.get('cache-control'), call).toBe('no-store');
    }
    const login = await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await testApp.client().get('/api/health')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('paths that are no dashboard route', () => {
  it('answer 404 (still with the dashboard, whose router shows its error screen); dashboard routes answer 200', async () => {
    for (const pathname of ['/no-such-screen', '/wp-admin/', '/.env', '/history/page/1/extra', '/user-accounts/1/delete']) {
      const answer = await fetch(`${testApp.baseUrl}${pathname}`);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(await answer.text()).toContain('<div id="root">');
    }
    for (const pathname of ['/', '/home', '/history/page/2', '/register/abc', '/search/order/page/1', '/audit-log']) {
      const answer = await fetch(`${testApp.baseUrl}${pathname}`);
      await answer.arrayBuffer();
      expect(answer.status, pathname).toBe(200);
    }
  });
});
