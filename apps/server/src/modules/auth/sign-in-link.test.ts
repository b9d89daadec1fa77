import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_SIGN_IN_LINK, SIGN_IN_LINK_SENT } from '@steward/contract/auth';
import { sqlRows } from '../../db/sql-rows.ts';
import { latestMailTo } from '../../test/queued-mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOGIN_EMAIL_CHECK: 'true' });
});
afterAll(() => testApp.close());
// Every call here comes from 127.0.0.1: each test starts with fresh per-address rate limits.
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

async function mailedLink(email: string): Promise<URL> {
  const mail = await latestMailTo(testApp, email);
  const match = /http:\/\/\S+verificationCode=\S+/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No sign-in link in ${mail?.text ?? '(no mail)'}`);
  return new URL(match[0]);
}

describe('LOGIN_EMAIL_CHECK=true', () => {
  it('records the sign-in by link in the audit log, and nothing when the password only mailed the link', async () => {
    const user = await testApp.createUser({ name: 'Lin Link' });
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const entries = () => sqlRows<{ action: string; details: unknown }>(testApp.db, sql`SELECT action, details FROM audit_log WHERE actor_id = ${user.id} ORDER BY id`);
    expect(await entries()).toEqual([]);
    const code = (await mailedLink(user.email)).searchParams.get('verificationCode') ?? '';
    expect((await browser.post('/api/verify-email-code', { email: user.email, code })).status).toBe(200);
    expect(await entries()).toEqual([{ action: 'sign_in', details: { method: 'sign_in_link' } }]);
  });

  it('mails a sign-in link instead of signing in from a new browser, and the link signs in and trusts the browser', async () => {
    const user = await testApp.createUser({ name: 'Sam Secure' });
    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error).toEqual({ message: SIGN_IN_LINK_SENT, field: 'none' });
    expect(browser.sessionCookie).toBeUndefined();

    const link = await mailedLink(user.email);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('email')).toBe(user.email);
    const code = link.searchParams.get('verificationCode') ?? '';
    const verify = await browser.post('/api/verify-email-code', { email: user.email, code });
    expect(verify.status).toBe(200);
    expect(verify.body.data?.rows[0]).toMatchObject({ id: user.id });
    expect((await browser.get('/api/authenticate-user')).status).toBe(200);

    // The same browser signs in with its password alone for the next 30 days.
    await browser.get('/api/logout');
    expect((await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('asks again once the browser was verified more than 30 days ago', async () => {
    const user = await testApp.createUser();
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const code = (await mailedLink(user.email)).searchParams.get('verificationCode') ?? '';
    expect((await browser.post('/api/verify-email-code', { email: user.email, code })).status).toBe(200);
    await browser.get('/api/logout');
    await testApp.db.execute(sql`UPDATE trusted_browsers SET verified_at = now() - interval '31 days' WHERE user_id = ${user.id}`);
    expect((await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('sends no link for a wrong password', async () => {
    const user = await testApp.createUser();
    const answer = await testApp.client().post('/api/login', { email: user.email, password: 'Wrong-Pass-1' });
    expect(answer.body.error?.message).not.toBe(SIGN_IN_LINK_SENT);
    expect(await latestMailTo(testApp, user.email)).toBeUndefined();
  });
});

describe('POST /api/verify-email-code', () => {
  async function freshCode() {
    const user = await testApp.createUser();
    await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    return { user, code: (await mailedLink(user.email)).searchParams.get('verificationCode') ?? '' };
  }

  it('refuses a code used once already', async () => {
    const { user, code } = await freshCode();
    expect((await testApp.client().post('/api/verify-email-code', { email: user.email, code })).status).toBe(200);
    const again = await testApp.client().post('/api/verify-email-code', { email: user.email, code });
    expect(again.status).toBe(401);
    expect(again.body.error?.message).toBe(INVALID_SIGN_IN_LINK);
  });

  it('refuses a code older than 15 minutes', async () => {
    const { user, code } = await freshCode();
    const rows = await testApp.db.execute(sql`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM auth_tokens WHERE email = ${user.email}`);
    expect(Math.round(Number((rows as unknown as { rows: { seconds: string }[] }).rows[0]?.seconds) / 60)).toBe(15);
    await testApp.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE email = ${user.email}`);
    expect((await testApp.client().post('/api/verify-email-code', { email: user.email, code })).status).toBe(401);
  });

  it("refuses a code with another account's email", async () => {
    const { code } = await freshCode();
    const other = await testApp.createUser();
    const answer = await testApp.client().post('/api/verify-email-code', { email: other.email, code });
    expect(answer.status).toBe(401);
  });

  it('refuses a key of another flow (a password reset key)', async () => {
    const user = await testApp.createUser();
    await testApp.client().post('/api/send-password-reset-email', { email: user.email });
    const resetKey = /reset-password\/([A-Za-z0-9_-]{43})/.exec((await latestMailTo(testApp, user.email))?.text ?? '')?.[1] ?? '';
    expect((await testApp.client().post('/api/verify-email-code', { email: user.email, code: resetKey })).status).toBe(401);
  });

  it.each([[{ email: 'a@example.com', code: '' }], [{ email: 'a@example.com' }], [{ code: 'z'.repeat(43) }]])(
    'refuses an empty or missing code or email: %j',
    async (body) => {
      const answer = await testApp.client().post('/api/verify-email-code', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(INVALID_SIGN_IN_LINK);
    },
  );
});
