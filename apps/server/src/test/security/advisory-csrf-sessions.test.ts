import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { newSecret } from '../../lib/secrets.ts';
import { countLiveSessions } from '../../modules/auth/sessions.repository.ts';
import { SESSION_COOKIE } from '../../modules/auth/session-cookie.ts';
import { ApiClient } from '../api-client.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.ts';
import { dbFingerprint } from './db-fingerprint.ts';

// Advisory classes: cross-site request forgery, session fixation, cookie flags.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A POST as a browser would send it, with the victim's cookie and headers chosen by the test. */
async function rawPost(cookie: string | undefined, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: { success?: boolean; error?: { message: string } } }> {
  const answer = await fetch(`${testApp.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...headers },
  });
  return { status: answer.status, body: (await answer.json()) as { success?: boolean; error?: { message: string } } };
}

describe('cross-site request forgery', () => {
  const evil = 'https://evil.example';

  it('refuses a cross-site form POST, a cross-site text/plain POST and an Origin of "null", changing nothing', async () => {
    const { client, user } = await testApp.signedInClient('admin');
    const cookie = client.sessionCookie;
    const before = await dbFingerprint(testApp.db);
    const attempts: [string, string, Record<string, string>][] = [
      ['form', 'name=Mallory&email=mallory%40evil.example&role=admin', { 'content-type': 'application/x-www-form-urlencoded', origin: evil, 'sec-fetch-site': 'cross-site' }],
      ['form from an old browser (Origin only)', 'name=Mallory', { 'content-type': 'application/x-www-form-urlencoded', origin: evil }],
      ['text/plain JSON', JSON.stringify({ name: 'Mallory', email: 'mallory@evil.example', role: 'admin' }), { 'content-type': 'text/plain', origin: evil, 'sec-fetch-site': 'cross-site' }],
      ['same-site subdomain', JSON.stringify({ name: 'M', email: 'm@evil.example', role: 'admin' }), { 'content-type': 'application/json', origin: 'https://sub.127.0.0.1', 'sec-fetch-site': 'same-site' }],
      ['sandboxed frame (Origin: null)', JSON.stringify({ name: 'M', email: 'm@evil.example', role: 'admin' }), { 'content-type': 'application/json', origin: 'null' }],
    ];
    for (const [label, body, headers] of attempts) {
      const answer = await rawPost(cookie, '/api/add-user', body, headers);
      expect(answer.status, label).toBe(403);
      expect(answer.body, label).toEqual({ success: false, error: { message: 'Cross-site requests are not accepted.' } });
    }
    const theme = await rawPost(cookie, '/api/user/change-theme', JSON.stringify({ id: user.id, theme: 'dark' }), { 'content-type': 'application/json', origin: evil });
    expect(theme.status).toBe(403);
    const logoutAll = await rawPost(cookie, `/api/user/${user.id}/change-password`, JSON.stringify({ oldPassword: TEST_PASSWORD, newPassword: 'Evil-Pass-123' }), { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' });
    expect(logoutAll.status).toBe(403);
    expect(await dbFingerprint(testApp.db)).toEqual(before);
  });

  it('accepts only JSON from the page itself: a same-origin text/plain or form body is a 415', async () => {
    const { client } = await testApp.signedInClient('admin');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await rawPost(client.sessionCookie, '/api/inform-the-bot', 'content=hello', { 'content-type': contentType, origin: testApp.baseUrl, 'sec-fetch-site': 'same-origin' });
      expect(answer.status, contentType).toBe(415);
      expect(answer.body.error?.message).toBe('This content type is not accepted here; send JSON.');
    }
  });

  it('treats a POST with neither Origin nor Sec-Fetch-Site as a non-browser client (every browser sends one), which SameSite=Lax keeps cookieless cross-site', async () => {
    // A browser never sends such a request, so no page can make one on a user's behalf; scripts
    // and the chatbot's server (curl, server-side fetch) do, and carry no ambient cookie.
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await rawPost(client.sessionCookie, '/api/user/change-theme', JSON.stringify({ id: user.id, theme: 'dark' }), { 'content-type': 'application/json' });
    expect(answer.status).toBe(200);
    const login = await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it('exempts the bot API (its key) and the public chat (its own origin check), neither of which reads a cookie', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await rawPost(client.sessionCookie, '/api/bot/help-requests', JSON.stringify({ name: 'V', email: 'v@example.com', message: 'Hi' }), {
      'content-type': 'application/json',
      origin: evil,
      'sec-fetch-site': 'cross-site',
    });
    // Not refused as cross-site; refused for want of the key: the cookie is worth nothing here.
    expect(answer.status).toBe(401);
    expect(answer.body.error?.message).toMatch(/bot API key/);
    const chat = await rawPost(client.sessionCookie, '/api/chat/help-request', JSON.stringify({ name: 'V', email: 'v@example.com', message: 'Hi' }), {
      'content-type': 'application/json',
      origin: evil,
      'sec-fetch-site': 'cross-site',
    });
    expect(chat.status).toBe(403);
    expect(chat.body.error?.message).toBe(CHAT_TEXTS.originNotAllowed);
  });
});

describe('session fixation', () => {
  it('issues a new session id at login and ignores one planted before it', async () => {
    const user = await testApp.createUser({ role: 'viewer' });
    const planted = newSecret();
    const browser = new ApiClient(testApp.baseUrl);
    browser.setCookie(SESSION_COOKIE, planted);
    expect((await browser.get('/api/authenticate-user')).status).toBe(401);
    expect((await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(browser.sessionCookie).toBeDefined();
    expect(browser.sessionCookie).not.toBe(planted);
    const attacker = new ApiClient(testApp.baseUrl);
    attacker.setCookie(SESSION_COOKIE, planted);
    expect((await attacker.get('/api/authenticate-user')).status).toBe(401);
  });

  it('ends the session a browser brought when it signs in again (an id known before is dead after)', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const before = client.sessionCookie ?? '';
    expect((await client.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(client.sessionCookie).not.toBe(before);
    const old = new ApiClient(testApp.baseUrl);
    old.setCookie(SESSION_COOKIE, before);
    expect((await old.get('/api/authenticate-user')).status).toBe(401);
    expect(await countLiveSessions(testApp.db, user.id)).toBe(1);
  });

  it('issues a new session id at a password change and kills every old one, this one included', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const before = client.sessionCookie ?? '';
    const changed = await client.post(`/api/user/${user.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: 'Changed-Pass-456' });
    expect(changed.status).toBe(200);
    expect(client.sessionCookie).not.toBe(before);
    expect((await client.get('/api/authenticate-user')).status).toBe(200);
    const old = new ApiClient(testApp.baseUrl);
    old.setCookie(SESSION_COOKIE, before);
    expect((await old.get('/api/authenticate-user')).status).toBe(401);
    expect(await countLiveSessions(testApp.db, user.id)).toBe(1);
  });

  it('kills the session at logout', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const before = client.sessionCookie ?? '';
    await client.get('/api/logout');
    const old = new ApiClient(testApp.baseUrl);
    old.setCookie(SESSION_COOKIE, before);
    expect((await old.get('/api/authenticate-user')).status).toBe(401);
  });
});

describe('cookie flags', () => {
  const sessionCookieOf = async (app: TestApp) => {
    const user = await app.createUser({ role: 'viewer' });
    const login = await app.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const line = login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (!line) throw new Error('no session cookie');
    return line.split(';').map((part) => part.trim().toLowerCase());
  };

  it('sets HttpOnly, SameSite=Lax, Path=/ and an expiry, and no Secure over http', async () => {
    const attributes = await sessionCookieOf(testApp);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes.some((attribute) => attribute.startsWith('expires='))).toBe(true);
    expect(attributes).not.toContain('secure');
    expect(attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
  });

  it('adds Secure when PUBLIC_URL is https', async () => {
    const secureApp = await createTestApp({ PUBLIC_URL: 'https://dashboard.example.com' });
    try {
      const attributes = await sessionCookieOf(secureApp);
      expect(attributes).toContain('secure');
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
    } finally {
      await secureApp.close();
    }
  });

  it('keeps the session id out of every answer body', async () => {
    const user = await testApp.createUser({ role: 'viewer' });
    const client = new ApiClient(testApp.baseUrl);
    const login = await client.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const sessionId = client.sessionCookie ?? '';
    expect(sessionId.length).toBeGreaterThan(20);
    expect(JSON.stringify(login.body)).not.toContain(sessionId);
    expect(JSON.stringify((await client.get('/api/authenticate-user')).body)).not.toContain(sessionId);
  });
});
