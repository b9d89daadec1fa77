import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { LOGIN_MESSAGES } from '@steward/contract/auth';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('POST /api/login', () => {
  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const user = await testApp.createUser({ role: 'viewer', email: 'Viewer.One@Example.com' });
    const client = testApp.client();
    const answer = await client.post('/api/login', { email: 'viewer.one@example.com', password: TEST_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({ id: user.id, role: 'viewer', theme: 'light' });
    expect(answer.body.data?.rows[0]).not.toHaveProperty('passwordHash');
    const cookie = answer.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/steward_session=[A-Za-z0-9_-]{43}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a wrong password and an unknown email with the same message in the same place', async () => {
    const user = await testApp.createUser();
    const wrongPassword = await testApp.client().post('/api/login', { email: user.email, password: 'Wrong-Password-1' });
    const unknownEmail = await testApp.client().post('/api/login', { email: 'nobody@example.com', password: 'Wrong-Password-1' });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, error: { message: LOGIN_MESSAGES.wrongCredentials, field: 'none' } });
    }
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', LOGIN_MESSAGES.emailRequired],
    [{ email: 'not-an-address', password: 'x' }, 'email', LOGIN_MESSAGES.emailInvalid],
    [{ email: 'a@example.com', password: '' }, 'password', LOGIN_MESSAGES.passwordRequired],
    [{ email: 'a@example.com' }, 'password', LOGIN_MESSAGES.passwordRequired],
  ])('refuses %j with the spec message under %s', async (body, field, message) => {
    const answer = await testApp.client().post('/api/login', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field });
  });

  it('slows down an (account, address) pair after repeated failures with a 429 saying when to retry, right password included', async () => {
    const user = await testApp.createUser();
    const client = testApp.client();
    for (let attempt = 0; attempt <= LOGIN_THROTTLE.freeFailures; attempt += 1) {
      expect((await client.post('/api/login', { email: user.email, password: 'Wrong-Password-1' })).status).toBe(401);
    }
    const throttled = await client.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error?.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('answers the signed-in user from GET /api/authenticate-user with the role capabilities', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/authenticate-user');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({ id: user.id, role: 'viewer' });
    expect(new Set(answer.body.data?.rows[0]?.capabilities as string[])).toEqual(new Set(DEFAULT_ROLE_CAPABILITIES.viewer));
  });

  it('gives an admin every capability', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.get('/api/authenticate-user');
    expect(new Set(answer.body.data?.rows[0]?.capabilities as string[])).toEqual(new Set(DEFAULT_ROLE_CAPABILITIES.admin));
  });

  it('answers 401 without a session, and after logout', async () => {
    expect((await testApp.client().get('/api/authenticate-user')).status).toBe(401);
    const { client } = await testApp.signedInClient('admin');
    const sessionId = client.sessionCookie;
    expect((await client.get('/api/logout')).body).toEqual({ success: true });
    expect(client.sessionCookie).toBeUndefined();
    // The old cookie is dead on the server too, not only forgotten by the browser.
    client.setCookie('steward_session', sessionId ?? '');
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
  });

  it('ends an expired session', async () => {
    const { client, user } = await testApp.signedInClient('admin');
    await testApp.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
  });

  it('ends a session older than its absolute lifetime even while in use', async () => {
    const { client, user } = await testApp.signedInClient('admin');
    await testApp.db.execute(sql`UPDATE sessions SET created_at = now() - interval '31 days' WHERE user_id = ${user.id}`);
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
  });

  it('stores only the hash of the session id', async () => {
    const { client, user } = await testApp.signedInClient('admin');
    const rows = await testApp.db.execute(sql`SELECT id_hash FROM sessions WHERE user_id = ${user.id}`);
    const stored = (rows as unknown as { rows: { id_hash: string }[] }).rows[0]?.id_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toBe(client.sessionCookie);
  });
});

describe('POST /api/user/change-theme', () => {
  it('saves the theme, which the next login in any browser gets back', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    expect((await client.post('/api/user/change-theme', { id: user.id, theme: 'dark' })).body).toEqual({ success: true });
    const otherBrowser = testApp.client();
    const login = await otherBrowser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.body.data?.rows[0]?.theme).toBe('dark');
  });

  it("refuses to change another user's theme, whatever id the client sends", async () => {
    const { client } = await testApp.signedInClient('admin');
    const other = await testApp.createUser();
    const answer = await client.post('/api/user/change-theme', { id: other.id, theme: 'dark' });
    expect(answer.status).toBe(403);
  });

  it.each([
    [{ id: 1, theme: 'purple' }],
    [{ id: '1', theme: 'dark' }],
    [{ theme: 'dark' }],
  ])('refuses %j with a 400', async (body) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/user/change-theme', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toEqual(expect.any(String));
  });

  it('requires login', async () => {
    expect((await testApp.client().post('/api/user/change-theme', { id: 1, theme: 'dark' })).status).toBe(401);
  });
});
