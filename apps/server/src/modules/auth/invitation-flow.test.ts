import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_TAKEN, INVALID_INVITATION, INVITATION_EXPIRED, INVITATION_USED } from '@steward/contract/accounts';
import { createInvitation } from './invitations.repository.ts';
import { findUserByEmail } from './users.repository.ts';
import { countMailsTo, keyFromMail, latestMailTo } from '../../test/queued-mail.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
// Every call here comes from 127.0.0.1: each test starts with fresh per-address rate limits.
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

let counter = 0;
const newEmail = () => `invitee${(counter += 1)}-${Date.now()}@example.com`;
const GOOD_PASSWORD = 'New-Password-7';

describe('POST /api/add-user', () => {
  it('mails an invitation with a /register/{key} link built from PUBLIC_URL', async () => {
    const { client, user: admin } = await testApp.signedInClient('admin');
    const email = newEmail();
    const answer = await client.post('/api/add-user', { name: 'Nora New', email, role: 'viewer' });
    expect(answer.status).toBe(200);
    const mail = await latestMailTo(testApp, email);
    // No SMTP_URL here: the answer says the mail went to the outbox folder, and gives the administrator its link.
    expect(answer.body).toEqual({
      success: true,
      data: { rows: [{ delivery: 'outbox', outbox_folder: expect.stringMatching(/outbox$/), register_link: `http://127.0.0.1:3000/register/${keyFromMail(mail, 'register')}` }] },
    });
    expect(mail?.subject).toContain('invited');
    expect(mail?.text).toMatch(new RegExp(`^Hello Nora New,`));
    expect(mail?.text).toContain(admin.name);
    expect(mail?.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/register\/[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toMatch(/<a href="http:\/\/127\.0\.0\.1:3000\/register\/[A-Za-z0-9_-]{43}">Register<\/a>/);
    // No account exists before registration.
    expect(await findUserByEmail(testApp.db, email)).toBeUndefined();
  });

  it('answers 409 under the email field for an existing account, and mails nothing', async () => {
    const { client } = await testApp.signedInClient('admin');
    const existing = await testApp.createUser({ role: 'viewer' });
    const answer = await client.post('/api/add-user', { name: 'Again', email: existing.email.toUpperCase(), role: 'viewer' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ message: EMAIL_TAKEN, field: 'email' });
    expect(await countMailsTo(testApp, existing.email)).toBe(0);
  });

  it.each([
    [{ name: '', email: 'a@example.com', role: 'admin' }, 'name', ACCOUNT_MESSAGES.nameRequired],
    [{ name: '   ', email: 'a@example.com', role: 'admin' }, 'name', ACCOUNT_MESSAGES.nameRequired],
    [{ name: 'A', email: '', role: 'admin' }, 'email', ACCOUNT_MESSAGES.emailRequired],
    [{ name: 'A', email: 'not-an-address', role: 'admin' }, 'email', ACCOUNT_MESSAGES.emailInvalid],
    [{ name: 'A', email: 'a@example.com', role: 'owner' }, 'role', undefined],
  ])('refuses %j with a 400 on %s', async (body, field, message) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/add-user', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.field).toBe(field);
    if (message) expect(answer.body.error?.message).toBe(message);
  });

  it('refuses a viewer (no create_user) with a 403 and a visitor with a 401', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const email = newEmail();
    expect((await client.post('/api/add-user', { name: 'X', email, role: 'admin' })).status).toBe(403);
    expect((await testApp.client().post('/api/add-user', { name: 'X', email, role: 'admin' })).status).toBe(401);
    expect(await countMailsTo(testApp, email)).toBe(0);
  });
});

describe('GET /api/register/{key}', () => {
  it('says whom a live invitation registers, and nothing for a spent, expired or unknown key', async () => {
    const { client } = await testApp.signedInClient('admin');
    const email = newEmail();
    await client.post('/api/add-user', { name: 'Peek Person', email, role: 'viewer' });
    const key = keyFromMail(await latestMailTo(testApp, email), 'register');
    const answer = await testApp.client().get(`/api/register/${key}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { rows: [{ email, name: 'Peek Person' }] } });
    // Looking does not spend the key.
    expect((await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD })).status).toBe(200);
    const spent = await testApp.client().get(`/api/register/${key}`);
    expect(spent.status).toBe(404);
    expect(spent.body.error?.message).toBe(INVALID_INVITATION);
    expect((await testApp.client().get(`/api/register/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

describe('POST /api/register', () => {
  async function invite(role: 'admin' | 'viewer' = 'viewer') {
    const { client } = await testApp.signedInClient('admin');
    const email = newEmail();
    await client.post('/api/add-user', { name: 'Reggie Register', email, role });
    return { email, key: keyFromMail(await latestMailTo(testApp, email), 'register') };
  }

  it('creates the account from the invitation, answers rowCount 1, and the new user can log in', async () => {
    const { email, key } = await invite('viewer');
    const answer = await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { rowCount: 1 } });
    const user = await findUserByEmail(testApp.db, email);
    expect(user).toMatchObject({ name: 'Reggie Register', role: 'viewer', email });
    const login = await testApp.client().post('/api/login', { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data?.rows[0]).toMatchObject({ role: 'viewer' });
  });

  it('refuses an extra role field: the role comes only from the invitation', async () => {
    const { email, key } = await invite('viewer');
    const answer = await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD, role: 'admin' });
    expect(answer.status).toBe(400);
    expect(await findUserByEmail(testApp.db, email)).toBeUndefined();
    // The key is still good after the refused attempt, and gives the invited role.
    expect((await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await findUserByEmail(testApp.db, email))?.role).toBe('viewer');
  });

  it('refuses a key used once already', async () => {
    const { key } = await invite();
    expect((await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD })).status).toBe(200);
    const again = await testApp.client().post('/api/register', { key, password: 'Other-Password-8' });
    expect(again.status).toBe(410);
    expect(again.body.error?.message).toBe(INVITATION_USED);
  });

  it('refuses an expired key (older than 72 hours)', async () => {
    const { email, key } = await invite();
    await testApp.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE email = ${email}`);
    const answer = await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD });
    expect(answer.status).toBe(410);
    expect(answer.body.error?.message).toBe(INVITATION_EXPIRED);
    expect(await findUserByEmail(testApp.db, email)).toBeUndefined();
  });

  it('gives an invitation 72 hours', async () => {
    const { email } = await invite();
    const rows = await testApp.db.execute(sql`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM auth_tokens WHERE email = ${email}`);
    const seconds = Number((rows as unknown as { rows: { seconds: string }[] }).rows[0]?.seconds);
    expect(Math.round(seconds / 3600)).toBe(72);
  });

  it('stops an older invitation working when a newer one is sent to the same address', async () => {
    const { email, key: oldKey } = await invite();
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/add-user', { name: 'Reggie Register', email, role: 'viewer' });
    expect((await testApp.client().post('/api/register', { key: oldKey, password: GOOD_PASSWORD })).status).toBe(410);
    const newKey = keyFromMail(await latestMailTo(testApp, email), 'register');
    expect((await testApp.client().post('/api/register', { key: newKey, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it.each([
    [{ key: '', password: GOOD_PASSWORD }],
    [{ password: GOOD_PASSWORD }],
    [{ key: 'x'.repeat(43), password: GOOD_PASSWORD }],
  ])('refuses an empty, missing or unknown key: %j', async (body) => {
    const answer = await testApp.client().post('/api/register', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(INVALID_INVITATION);
  });

  it('refuses a key of another flow (a password reset key)', async () => {
    const user = await testApp.createUser();
    await testApp.client().post('/api/send-password-reset-email', { email: user.email });
    const resetKey = keyFromMail(await latestMailTo(testApp, user.email), 'reset-password');
    const answer = await testApp.client().post('/api/register', { key: resetKey, password: GOOD_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(INVALID_INVITATION);
  });

  it.each([
    ['', ACCOUNT_MESSAGES.passwordRequired],
    ['short1A', ACCOUNT_MESSAGES.passwordRule],
    ['nocapital1', ACCOUNT_MESSAGES.passwordRule],
    ['NoDigitsHere', ACCOUNT_MESSAGES.passwordRule],
  ])('refuses the password %j with the spec message', async (password, message) => {
    const { key } = await invite();
    const answer = await testApp.client().post('/api/register', { key, password });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field: 'password' });
  });

  it('accepts the first-administrator key printed at first start', async () => {
    const email = newEmail();
    const key = await createInvitation(testApp.db, { email, name: 'Administrator', role: 'admin', createdBy: null });
    expect((await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD })).body).toEqual({ success: true, data: { rowCount: 1 } });
    expect((await findUserByEmail(testApp.db, email))?.role).toBe('admin');
  });

  it('refuses to register over an account created meanwhile with a 409', async () => {
    const { email, key } = await invite();
    await testApp.createUser({ email });
    const answer = await testApp.client().post('/api/register', { key, password: GOOD_PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(EMAIL_TAKEN);
  });

  it('stores only the hash of the key', async () => {
    const { email, key } = await invite();
    const rows = await testApp.db.execute(sql`SELECT token_hash FROM auth_tokens WHERE email = ${email}`);
    const stored = (rows as unknown as { rows: { token_hash: string }[] }).rows[0]?.token_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(key);
  });
});
