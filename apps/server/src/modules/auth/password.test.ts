import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  INVALID_RESET_LINK,
  OWN_PASSWORD_ONLY,
  RESET_LINK_EXPIRED,
  RESET_LINK_USED,
  WRONG_OLD_PASSWORD,
} from '@steward/contract/accounts';
import { countLiveSessions } from './sessions.repository.ts';
import { createInvitation } from './invitations.repository.ts';
import { countMailsTo, keyFromMail, latestMailTo } from '../../test/queued-mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
// Every call here comes from 127.0.0.1: each test starts with fresh per-address rate limits.
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

const NEW_PASSWORD = 'Brand-New-Pass-5';

async function requestReset(email: string): Promise<string> {
  const answer = await testApp.client().post('/api/send-password-reset-email', { email });
  expect(answer.body).toEqual({ success: true });
  return keyFromMail(await latestMailTo(testApp, email), 'reset-password');
}

describe('POST /api/send-password-reset-email', () => {
  it('mails a /reset-password/{key} link to an existing account', async () => {
    const user = await testApp.createUser({ name: 'Rita Reset' });
    const answer = await testApp.client().post('/api/send-password-reset-email', { email: user.email.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const mail = await latestMailTo(testApp, user.email);
    expect(mail?.text).toContain('Hello Rita Reset,');
    expect(mail?.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('>Reset password</a>');
  });

  it('answers the same success for an unknown address and mails nothing (no account enumeration)', async () => {
    const answer = await testApp.client().post('/api/send-password-reset-email', { email: 'nobody-here@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(await countMailsTo(testApp, 'nobody-here@example.com')).toBe(0);
  });

  it.each([
    [{ email: '' }, ACCOUNT_MESSAGES.emailRequired],
    [{}, ACCOUNT_MESSAGES.emailRequired],
    [{ email: 'not-an-address' }, ACCOUNT_MESSAGES.emailInvalid],
  ])('refuses %j under the email field', async (body, message) => {
    const answer = await testApp.client().post('/api/send-password-reset-email', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field: 'email' });
  });

  it('limits reset mails for one email from one address with a 429', async () => {
    const user = await testApp.createUser();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await testApp.client().post('/api/send-password-reset-email', { email: user.email })).status);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    expect(await countMailsTo(testApp, user.email)).toBe(3);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, ends every session of the account, and works without cookies', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const token = await requestReset(user.email);
    const answer = await testApp.client().post('/api/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(await countLiveSessions(testApp.db, user.id)).toBe(0);
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
    expect((await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await testApp.client().post('/api/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a key used once already', async () => {
    const user = await testApp.createUser();
    const token = await requestReset(user.email);
    expect((await testApp.client().post('/api/reset-password', { token, newPassword: NEW_PASSWORD })).status).toBe(200);
    const again = await testApp.client().post('/api/reset-password', { token, newPassword: 'Another-Pass-6' });
    expect(again.status).toBe(410);
    expect(again.body.error?.message).toBe(RESET_LINK_USED);
  });

  it('refuses a key older than 30 minutes', async () => {
    const user = await testApp.createUser();
    const token = await requestReset(user.email);
    const rows = await testApp.db.execute(sql`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM auth_tokens WHERE email = ${user.email}`);
    expect(Math.round(Number((rows as unknown as { rows: { seconds: string }[] }).rows[0]?.seconds) / 60)).toBe(30);
    await testApp.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE email = ${user.email}`);
    const answer = await testApp.client().post('/api/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(410);
    expect(answer.body.error?.message).toBe(RESET_LINK_EXPIRED);
    expect((await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('keeps only the newest link working after a resend', async () => {
    const user = await testApp.createUser();
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await testApp.client().post('/api/reset-password', { token: first, newPassword: NEW_PASSWORD })).status).toBe(410);
    expect((await testApp.client().post('/api/reset-password', { token: second, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([[{ token: '', newPassword: NEW_PASSWORD }], [{ newPassword: NEW_PASSWORD }], [{ token: 'y'.repeat(43), newPassword: NEW_PASSWORD }]])(
    'refuses an empty, missing or unknown key: %j',
    async (body) => {
      const answer = await testApp.client().post('/api/reset-password', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(INVALID_RESET_LINK);
    },
  );

  it('refuses a key of another flow (an invitation key)', async () => {
    const user = await testApp.createUser();
    const invitationKey = await createInvitation(testApp.db, { email: user.email, name: 'X', role: 'admin', createdBy: null });
    const answer = await testApp.client().post('/api/reset-password', { token: invitationKey, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(INVALID_RESET_LINK);
  });

  it.each([
    ['', ACCOUNT_MESSAGES.newPasswordRequired],
    ['Short1', ACCOUNT_MESSAGES.passwordRule],
  ])('refuses the new password %j with the spec message', async (newPassword, message) => {
    const user = await testApp.createUser();
    const token = await requestReset(user.email);
    const answer = await testApp.client().post('/api/reset-password', { token, newPassword });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field: 'newPassword' });
  });
});

describe('POST /api/user/{id}/change-password', () => {
  it('changes the password and ends every session, this browser going on under a new session id', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const otherBrowser = testApp.client();
    await otherBrowser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const before = client.sessionCookie;
    const answer = await client.post(`/api/user/${user.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(client.sessionCookie).not.toBe(before);
    expect((await client.get('/api/authenticate-user')).status).toBe(200);
    expect((await otherBrowser.get('/api/authenticate-user')).status).toBe(401);
    expect((await testApp.client().post('/api/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers a wrong old password on the oldPassword field', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await client.post(`/api/user/${user.id}/change-password`, { oldPassword: 'Wrong-Pass-1', newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message: WRONG_OLD_PASSWORD, field: 'oldPassword' });
  });

  it("refuses to change another user's password, even for an administrator", async () => {
    const { client } = await testApp.signedInClient('admin');
    const other = await testApp.createUser({ role: 'viewer' });
    const answer = await client.post(`/api/user/${other.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe(OWN_PASSWORD_ONLY);
    expect((await testApp.client().post('/api/login', { email: other.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it.each([
    [{ oldPassword: '', newPassword: NEW_PASSWORD }, 'oldPassword', ACCOUNT_MESSAGES.oldPasswordRequired],
    [{ oldPassword: TEST_PASSWORD, newPassword: '' }, 'newPassword', ACCOUNT_MESSAGES.newPasswordRequired],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'weakpassword' }, 'newPassword', ACCOUNT_MESSAGES.passwordRule],
  ])('refuses %j with the spec message on %s', async (body, field, message) => {
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await client.post(`/api/user/${user.id}/change-password`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field });
  });

  it('requires login', async () => {
    expect((await testApp.client().post('/api/user/1/change-password', { oldPassword: 'a', newPassword: NEW_PASSWORD })).status).toBe(401);
  });
});
