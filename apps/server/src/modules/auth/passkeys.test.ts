import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES } from '@steward/contract/passkeys';
import { SECOND_FACTOR_MESSAGES } from '@steward/contract/second-factor';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { giveSecondFactor, setSecondFactorPolicyOf } from '../../test/second-factor-fixtures.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * Passkeys through the real HTTP stack, with a software authenticator (test/soft-authenticator.ts) answering as a
 * browser would: adding several, the second step after the password, signing in without one, and the answers
 * refused: a spent challenge, another site's origin, a removed passkey, no user verification without a password.
 */
const ORIGIN = 'http://localhost:3000';
let testApp: TestApp;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: ORIGIN, LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
  await setSecondFactorPolicyOf(testApp, 'offered');
});

type Options = { challenge: string } & Record<string, unknown>;
const newAuthenticator = () => new SoftAuthenticator({ origin: ORIGIN, rpId: 'localhost' });

async function options(client: ApiClient, path: string): Promise<Options> {
  const answer = await client.post<{ data: { rows: Options[] } }>(path);
  expect(answer.status).toBe(200);
  const row = answer.body.data.rows[0];
  if (!row) throw new Error('No options');
  return row;
}

async function addPasskey(client: ApiClient, user: UserRecord, authenticator: SoftAuthenticator, name: string) {
  const created = await options(client, `/api/user/${user.id}/passkeys/options`);
  expect(created).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { residentKey: 'required' } });
  return client.post(`/api/user/${user.id}/passkeys`, { name, response: authenticator.register(created) });
}

const auditOf = async (userId: number) =>
  sqlRows<{ action: string; details: Record<string, unknown> }>(testApp.db, sql`SELECT action, details FROM audit_log WHERE object_type = 'user' AND object_id = ${userId} AND action LIKE 'passkey%' ORDER BY id`);

const methodOfLastSession = async (userId: number) =>
  (await sqlRows<{ sign_in_method: string }>(testApp.db, sql`SELECT sign_in_method FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1`))[0]?.sign_in_method;

describe('passkeys', () => {
  it('are added from the account page, several and named, then asked for after the password', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const laptop = newAuthenticator();
    const phone = newAuthenticator();
    const added = await addPasskey(client, user, laptop, '  Work laptop ');
    expect(added.status).toBe(200);
    expect(added.body.data?.rows[0]).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: true });
    expect((await addPasskey(client, user, phone, 'Phone')).status).toBe(200);
    const list = await client.get(`/api/user/${user.id}/passkeys`);
    expect(list.body.data?.rows.map((row) => row.name)).toEqual(['Work laptop', 'Phone']);
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ enrolled: false, passkeys: 2, passkeys_supported: true, available: true });

    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error).toEqual({ message: PASSKEY_MESSAGES.passkeyNeeded, field: 'none' });
    expect((await browser.get('/api/sign-in/second-factor')).body.data?.rows[0]).toEqual({ step: 'code', totp: false, passkey: true });
    const asked = await options(browser, '/api/sign-in/second-factor/passkey/options');
    // Only this member's passkeys are offered.
    expect((asked.allowCredentials as { id: string }[]).map((credential) => credential.id).sort()).toEqual([laptop.credentials[0]?.id, phone.credentials[0]?.id].sort());
    const signedIn = await browser.post('/api/sign-in/second-factor/passkey', { response: phone.authenticate(asked) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.rows[0]).toMatchObject({ id: user.id });
    expect((await browser.get('/api/authenticate-user')).status).toBe(200);
    expect(await methodOfLastSession(user.id)).toBe('password_passkey');
    const phoneRow = (await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows[1];
    expect(phoneRow?.last_used_at).not.toBeNull();

    const [stored] = await sqlRows<{ counter: string; backed_up: boolean; device_type: string }>(testApp.db, sql`SELECT counter::text, backed_up, device_type FROM passkeys WHERE name = 'Phone' AND user_id = ${user.id}`);
    expect(stored).toEqual({ counter: '1', backed_up: true, device_type: 'multiDevice' });

    // The same challenge, answered again (a replay), is refused: it was spent.
    const replay = testApp.client();
    await replay.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const refused = await replay.post('/api/sign-in/second-factor/passkey', { response: phone.authenticate(asked) });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ message: PASSKEY_MESSAGES.notVerified, field: 'none' });

    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['passkey_added', { passkey: 'Work laptop', synced: true }],
      ['passkey_added', { passkey: 'Phone', synced: true }],
      ['passkey_refused', { reason: 'not_verified', where: 'second_factor' }],
    ]);
    // No challenge reaches the server's log or the audit log.
    const written = logLines.join('') + JSON.stringify(await auditOf(user.id));
    expect(written).not.toContain(asked.challenge);
  });

  it('offers the code and the passkey to a member who has both', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await giveSecondFactor(testApp, user.id, true);
    expect((await addPasskey(client, user, newAuthenticator(), 'Key')).status).toBe(200);
    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.codeNeeded);
    expect((await browser.get('/api/sign-in/second-factor')).body.data?.rows[0]).toEqual({ step: 'code', totp: true, passkey: true });
  });

  it('is added at sign-in when an administrator requires a second factor of a member who has none, and signs them in', async () => {
    await setSecondFactorPolicyOf(testApp, 'required');
    const user = await testApp.createUser({ role: 'viewer' });
    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error).toEqual({ message: SECOND_FACTOR_MESSAGES.enrolNeeded, field: 'none' });
    expect((await browser.get('/api/sign-in/second-factor')).body.data?.rows[0]).toEqual({ step: 'enrol', totp: false, passkey: false });
    // Not before the password: no pending sign-in, nothing to add.
    expect((await testApp.client().post('/api/sign-in/second-factor/passkey/enrol/options')).status).toBe(401);
    // The second step's passkey calls are not the enrolment's.
    expect((await browser.post('/api/sign-in/second-factor/passkey/options')).status).toBe(409);

    const authenticator = newAuthenticator();
    const created = await options(browser, '/api/sign-in/second-factor/passkey/enrol/options');
    expect(created).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.email } });
    const unnamed = await browser.post('/api/sign-in/second-factor/passkey/enrol', { name: ' ', response: authenticator.register(created) });
    expect(unnamed.body.error).toEqual({ message: PASSKEY_MESSAGES.nameRequired, field: 'name' });
    // Another origin's answer is refused (401, a sign-in's refusal), and spends the challenge.
    const again = await options(browser, '/api/sign-in/second-factor/passkey/enrol/options');
    const elsewhere = await browser.post('/api/sign-in/second-factor/passkey/enrol', { name: 'Laptop', response: authenticator.withOrigin('http://localhost:4000').register(again) });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toEqual({ message: PASSKEY_MESSAGES.notVerified, field: 'none' });
    expect((await browser.get('/api/authenticate-user')).status).toBe(401);

    const added = await browser.post('/api/sign-in/second-factor/passkey/enrol', { name: 'Laptop', response: authenticator.register(await options(browser, '/api/sign-in/second-factor/passkey/enrol/options')) });
    expect(added.status).toBe(200);
    expect(added.body.data?.rows[0]).toMatchObject({ id: user.id, email: user.email });
    expect((await browser.get('/api/authenticate-user')).status).toBe(200);
    expect(await methodOfLastSession(user.id)).toBe('password_passkey');
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details.passkey ?? entry.details.reason])).toEqual([
      ['passkey_refused', 'not_verified'],
      ['passkey_added', 'Laptop'],
    ]);
    // The pending sign-in is spent; the next password sign-in asks for the passkey.
    expect((await browser.post('/api/sign-in/second-factor/passkey/enrol/options')).status).toBe(401);
    const next = testApp.client();
    expect((await next.post('/api/login', { email: user.email, password: TEST_PASSWORD })).body.error?.message).toBe(PASSKEY_MESSAGES.passkeyNeeded);
    const asked = await options(next, '/api/sign-in/second-factor/passkey/options');
    expect((await next.post('/api/sign-in/second-factor/passkey', { response: authenticator.authenticate(asked) })).status).toBe(200);
  });

  it('is not added at the enrolment step of a member who is asked for a code', async () => {
    const { user } = await testApp.signedInClient('viewer');
    await giveSecondFactor(testApp, user.id, true);
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const refused = await browser.post('/api/sign-in/second-factor/passkey/enrol/options');
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.codeNeeded);
  });

  it('signs in without a password when the policy offers it, with user verification, and never with a removed passkey', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(client, user, authenticator, 'Laptop')).status).toBe(200);

    const browser = testApp.client();
    expect((await browser.get('/api/sign-in/passkey')).body.data?.rows[0]).toEqual({ available: true });
    const asked = await options(browser, '/api/sign-in/passkey/options');
    expect(asked).toMatchObject({ userVerification: 'required', allowCredentials: [] });
    const signedIn = await browser.post('/api/sign-in/passkey', { response: authenticator.authenticate(asked) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.rows[0]).toMatchObject({ id: user.id, email: user.email });
    expect(await methodOfLastSession(user.id)).toBe('passkey');
    const [signIn] = await sqlRows<{ details: Record<string, unknown> }>(testApp.db, sql`SELECT details FROM audit_log WHERE action = 'sign_in' AND actor_id = ${user.id} ORDER BY id DESC LIMIT 1`);
    expect(signIn?.details).toEqual({ method: 'passkey' });

    // Another site relaying our options: the browser writes its own origin, and it is refused.
    const phished = await options(testApp.client(), '/api/sign-in/passkey/options');
    expect((await testApp.client().post('/api/sign-in/passkey', { response: authenticator.withOrigin('https://steward.example.net').authenticate(phished) })).status).toBe(401);
    // …and the challenge is spent by that attempt: the right origin cannot use it afterwards.
    expect((await testApp.client().post('/api/sign-in/passkey', { response: authenticator.authenticate(phished) })).status).toBe(401);

    // Without user verification (only presence), no sign-in without a password.
    const unverified = new SoftAuthenticator({ origin: ORIGIN, rpId: 'localhost', userVerified: false });
    unverified.credentials.push(...authenticator.credentials);
    expect((await testApp.client().post('/api/sign-in/passkey', { response: unverified.authenticate(await options(testApp.client(), '/api/sign-in/passkey/options')) })).status).toBe(401);

    // Removed (after the password): it signs in no more.
    const [passkey] = (await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows ?? [];
    const wrongPassword = await client.post(`/api/user/${user.id}/passkeys/${String(passkey?.id)}/remove`, { password: 'not-it' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error?.field).toBe('password');
    expect((await client.post(`/api/user/${user.id}/passkeys/${String(passkey?.id)}/remove`, { password: TEST_PASSWORD })).status).toBe(200);
    expect((await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows).toEqual([]);
    const after = await testApp.client().post('/api/sign-in/passkey', { response: authenticator.authenticate(await options(testApp.client(), '/api/sign-in/passkey/options')) });
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({ message: PASSKEY_MESSAGES.notVerified, field: 'none' });

    const actions = (await auditOf(user.id)).map((entry) => [entry.action, entry.details.reason ?? entry.details.passkey]);
    expect(actions).toEqual([
      ['passkey_added', 'Laptop'],
      ['passkey_refused', 'not_verified'],
      ['passkey_refused', 'not_verified'],
      ['passkey_refused', 'not_verified'],
      ['passkey_removed', 'Laptop'],
    ]);
    // The removed passkey names nobody now: its refusal is audited with no member.
    const [unknown] = await sqlRows<{ object_id: number | null; actor_id: number | null; details: Record<string, unknown> }>(testApp.db, sql`SELECT object_id, actor_id, details FROM audit_log WHERE action = 'passkey_refused' ORDER BY id DESC LIMIT 1`);
    expect(unknown).toEqual({ object_id: null, actor_id: null, details: { reason: 'unknown_passkey', where: 'sign_in' } });
  });

  it('refuses a registration answered for another challenge, from another origin, or twice', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const authenticator = newAuthenticator();
    const created = await options(client, `/api/user/${user.id}/passkeys/options`);
    const elsewhere = await client.post(`/api/user/${user.id}/passkeys`, { name: 'A', response: authenticator.withOrigin('http://localhost:4000').register(created) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.message).toBe(PASSKEY_MESSAGES.notVerified);
    // The challenge was spent by that answer.
    expect((await client.post(`/api/user/${user.id}/passkeys`, { name: 'A', response: authenticator.register(created) })).status).toBe(400);
    // Another member's challenge does not register for this one.
    const { client: otherClient, user: other } = await testApp.signedInClient('viewer');
    const theirs = await options(otherClient, `/api/user/${other.id}/passkeys/options`);
    expect((await client.post(`/api/user/${user.id}/passkeys`, { name: 'A', response: authenticator.register(theirs) })).status).toBe(400);
    expect((await client.post(`/api/user/${user.id}/passkeys`, { name: '', response: authenticator.register(theirs) })).body.error).toEqual({ message: PASSKEY_MESSAGES.nameRequired, field: 'name' });
    expect((await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows).toEqual([]);
  });

  it('renames one of the member’s own passkeys only', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await addPasskey(client, user, newAuthenticator(), 'Old name');
    const [passkey] = (await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows ?? [];
    expect((await client.post(`/api/user/${user.id}/passkeys/${String(passkey?.id)}/rename`, { name: 'New name' })).status).toBe(200);
    expect((await client.get(`/api/user/${user.id}/passkeys`)).body.data?.rows[0]).toMatchObject({ name: 'New name' });
    const { client: stranger, user: strangerUser } = await testApp.signedInClient('admin');
    expect((await stranger.get(`/api/user/${user.id}/passkeys`)).status).toBe(403);
    expect((await stranger.post(`/api/user/${strangerUser.id}/passkeys/${String(passkey?.id)}/rename`, { name: 'Mine' })).status).toBe(404);
  });

  it('is not offered while the policy is off: nothing to add, no sign-in without a password', async () => {
    await setSecondFactorPolicyOf(testApp, 'off');
    const { client, user } = await testApp.signedInClient('viewer');
    const start = await client.post(`/api/user/${user.id}/passkeys/options`);
    expect(start.status).toBe(403);
    expect(start.body.error?.message).toBe(PASSKEY_MESSAGES.notOffered);
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ available: false, passkeys: 0 });
    const browser = testApp.client();
    expect((await browser.get('/api/sign-in/passkey')).body.data?.rows[0]).toEqual({ available: false });
    expect((await browser.post('/api/sign-in/passkey/options')).status).toBe(403);
  });

  it('goes with an administrator’s reset of the member’s second factor', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await addPasskey(client, user, newAuthenticator(), 'Laptop');
    const { client: admin } = await testApp.signedInClient('admin');
    expect((await admin.get(`/api/second-factors?search=${encodeURIComponent(user.email)}`)).body.data?.rows.map((row) => row.id)).toContain(user.id);
    expect((await admin.post(`/api/user/${user.id}/second-factor/reset`)).status).toBe(200);
    // The reset ends the member's sessions (whoever holds the lost device may hold one) and removes every passkey.
    expect((await client.get(`/api/user/${user.id}/passkeys`)).status).toBe(401);
    const [left] = await sqlRows<{ count: number | string }>(testApp.db, sql`SELECT count(*) AS count FROM passkeys WHERE user_id = ${user.id}`);
    expect(Number(left?.count)).toBe(0);
    expect((await admin.post(`/api/user/${user.id}/second-factor/reset`)).status).toBe(409);
    const [reset] = await sqlRows<{ details: Record<string, unknown> }>(testApp.db, sql`SELECT details FROM audit_log WHERE action = 'second_factor_reset' AND object_id = ${user.id}`);
    expect(reset?.details).toEqual({ passkeys: 1 });
  });
});
