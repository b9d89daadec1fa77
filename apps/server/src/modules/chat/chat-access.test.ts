import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loopbackAliasesOf } from './chat-origins.ts';
import { CHAT_BODY_LIMIT } from './chat.routes.ts';

const DASHBOARD_ORIGIN = 'http://127.0.0.1:3000';

describe('CORS and cross-site calls', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: `${SHOP_ORIGIN},http://localhost:8080` });
  });
  afterAll(() => testApp.close());

  it.each([SHOP_ORIGIN, 'http://localhost:8080', DASHBOARD_ORIGIN])('answers a page of %s, cross-site, naming it in Access-Control-Allow-Origin', async (origin) => {
    const answer = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/);
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers the dashboard’s own origin under its other loopback names, on its port only', async () => {
    // PUBLIC_URL is http://127.0.0.1:3000: /demo opened as http://localhost:3000 is the same server.
    for (const origin of ['http://localhost:3000', 'http://[::1]:3000']) {
      const answer = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }
    for (const origin of ['http://localhost:3001', 'https://localhost:3000', 'http://localhost']) {
      expect((await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin })).status, origin).toBe(403);
    }
    expect(loopbackAliasesOf('https://dash.example.com')).toEqual([]);
    expect(loopbackAliasesOf('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000']);
  });

  it('trusts PUBLIC_URL and BOT_ALLOWED_ORIGINS only, not the Host header: a rebinding page naming itself in both is refused', async () => {
    // testApp.baseUrl is this server on a loopback port; PUBLIC_URL is http://127.0.0.1:3000.
    const host = new URL(testApp.baseUrl).host;
    const sameHost = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin: testApp.baseUrl, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameHost.status).toBe(403);
    for (const origin of ['http://attacker.example', 'http://attacker.example:80', 'null']) {
      const rebinding = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hello?' }, origin, headers: { host: origin === 'null' ? host : new URL(origin).host } });
      expect(rebinding.status).toBe(403);
      expect(rebinding.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses a page of any other origin before doing anything, without CORS headers', async () => {
    for (const path of ['/api/chat/ask', '/api/chat/feedback', '/api/chat/help-request']) {
      const refused = await chatCall(testApp, 'POST', path, { body: { message: 'Hello?' }, origin: 'https://evil.example.net' });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(CHAT_TEXTS.originNotAllowed);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const facts = await chatCall(testApp, 'GET', '/api/chat/fun-facts', { origin: 'https://evil.example.net' });
    expect(facts.status).toBe(403);
  });

  it('answers a preflight from an allowed origin, and refuses one from another', async () => {
    const preflight = await chatCall(testApp, 'OPTIONS', '/api/chat/ask', {
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
    const refused = await chatCall(testApp, 'OPTIONS', '/api/chat/feedback', {
      origin: 'https://evil.example.net',
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers callers without an Origin (servers), and still refuses cross-site posts to staff calls', async () => {
    expect((await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hi' }, origin: null })).status).toBe(200);
    const staff = await chatCall(testApp, 'POST', '/api/logout', { body: {} });
    expect(staff.status).toBe(403);
    expect(staff.body.error?.message).toBe('Cross-site requests are not accepted.');
  });

  it('never acts for a signed-in staff member: the staff cookie is not read', async () => {
    const { client } = await testApp.signedInClient('admin');
    const cookie = `steward_session=${client.sessionCookie ?? ''}`;
    const withCookie = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Hi' }, headers: { cookie } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('set-cookie')).toBeNull();
  });

  it(`refuses bodies over ${CHAT_BODY_LIMIT / 1024} kB with a clear message`, async () => {
    const big = await chatCall(testApp, 'POST', '/api/chat/help-request', {
      body: { name: 'Pat', email: 'pat@example.com', message: 'x'.repeat(CHAT_BODY_LIMIT) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toBe('The request is too large: this call takes at most 16 KB.');
  });
});

describe('rate limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN, CHAT_RATE_LIMIT_PER_IP: '6', CHAT_RATE_LIMIT_PER_SESSION: '2' });
  });
  afterAll(() => testApp.close());

  it('answers 429 with the contract text past the per-session and then the per-address limit', async () => {
    const ask = (body: Record<string, unknown>) => chatCall(testApp, 'POST', '/api/chat/ask', { body });
    const first = firstRow(await ask({ message: 'One' }));
    expect((await ask({ message: 'Two', session_id: first.session_id })).status).toBe(200);
    const flooded = await ask({ message: 'Three', session_id: first.session_id });
    expect(flooded.status).toBe(429);
    expect(flooded.body.error?.message).toBe(CHAT_TEXTS.tooManyRequests);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(flooded.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);

    // Three calls so far from this address; a new session may still ask, until the address's limit.
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) statuses.push((await ask({ message: `Other ${call}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Ratings have their own allowance: the questions' flood does not refuse them.
    const feedback = await chatCall(testApp, 'POST', '/api/chat/feedback', { body: { session_id: first.session_id, history_id: first.history_id, rating: 'up' } });
    expect(feedback.status).toBe(200);
  });

  it('stops a flood of ratings and fun facts with their own limits, leaving the questions their allowance', async () => {
    const ip = '198.51.100.7';
    const call = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
      chatCall(testApp, method, path, { ...(body ? { body } : {}), headers: { 'x-forwarded-for': ip } });
    const asked = firstRow(await call('POST', '/api/chat/ask', { message: 'One' }));
    const rate = () => call('POST', '/api/chat/feedback', { session_id: asked.session_id, history_id: asked.history_id, rating: 'down' });
    // Per session: two extras, the third refused.
    expect([(await rate()).status, (await rate()).status]).toEqual([200, 200]);
    const flooded = await rate();
    expect(flooded.status).toBe(429);
    expect(flooded.body.error?.message).toBe(CHAT_TEXTS.tooManyRequests);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    // Per address: three extras so far; fun facts take the rest, then are refused.
    const facts: number[] = [];
    for (let each = 0; each < 4; each += 1) facts.push((await call('GET', '/api/chat/fun-facts')).status);
    expect(facts).toEqual([200, 200, 200, 429]);
    // The session's second question is still allowed.
    expect((await call('POST', '/api/chat/ask', { message: 'Two', session_id: asked.session_id })).status).toBe(200);
  });
});

describe('rate limits at their shipped values', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN });
  });
  afterAll(() => testApp.close());

  it('let a visitor ask ten questions and rate three answers in a minute, after the widget loaded the fun facts', async () => {
    const call = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
      chatCall(testApp, method, path, { ...(body ? { body } : {}), headers: { 'x-forwarded-for': '198.51.100.8' } });
    expect((await call('GET', '/api/chat/fun-facts')).status).toBe(200);
    let sessionId: unknown;
    const statuses: number[] = [];
    for (let question = 1; question <= 10; question += 1) {
      const answer = await call('POST', '/api/chat/ask', { message: `Question ${question}?`, ...(sessionId ? { session_id: sessionId } : {}) });
      statuses.push(answer.status);
      const row = firstRow(answer);
      sessionId = row.session_id;
      if (question % 3 === 0) statuses.push((await call('POST', '/api/chat/feedback', { session_id: sessionId, history_id: row.history_id, rating: 'up' })).status);
    }
    expect(statuses).toEqual(Array.from({ length: 13 }, () => 200));
  });
});
