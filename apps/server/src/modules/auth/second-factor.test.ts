import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '@steward/contract/second-factor';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { latestMailTo } from '../../test/queued-mail.ts';
import { setSecondFactorPolicyOf } from '../../test/second-factor-fixtures.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * The second factor through the real HTTP stack: enrolment from the account page, sign-in's second step, refused
 * codes (wrong, reused, old), the throttle, recovery codes, the administrators' requirement and reset.
 */
let testApp: TestApp;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
  await setSecondFactorPolicyOf(testApp, 'off');
});

/** The code an authenticator app shows for the key, `offsetSteps` steps from now. */
const codeFor = (manualKey: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(manualKey.replaceAll(' ', '')) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Lets the member's next code be the current step again (as if 30 seconds had passed). */
const forgetUsedStep = (userId: number) => testApp.db.execute(sql`UPDATE second_factors SET last_used_step = NULL WHERE user_id = ${userId}`);

/** The member's audit entries after the sign-in that signedInClient made. */
const auditOf = async (userId: number) =>
  (await sqlRows<{ action: string; details: Record<string, unknown> }>(testApp.db, sql`SELECT action, details FROM audit_log WHERE object_type = 'user' AND object_id = ${userId} ORDER BY id`)).slice(1);

async function enrol(client: ApiClient, user: UserRecord): Promise<{ key: string; recoveryCodes: string[] }> {
  const start = await client.post<{ data: { rows: { manual_key: string; otpauth_uri: string; qr_svg: string }[] } }>(`/api/user/${user.id}/second-factor/start`);
  expect(start.status).toBe(200);
  const enrolment = start.body.data.rows[0];
  if (!enrolment) throw new Error('No enrolment');
  expect(enrolment.qr_svg).toMatch(/^<svg/);
  expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.manual_key.replaceAll(' ', '')}`);
  const confirm = await client.post<{ data: { rows: { recovery_codes: string[] }[] } }>(`/api/user/${user.id}/second-factor/confirm`, { code: codeFor(enrolment.manual_key) });
  expect(confirm.status).toBe(200);
  return { key: enrolment.manual_key, recoveryCodes: confirm.body.data.rows[0]?.recovery_codes ?? [] };
}

describe('a second factor', () => {
  // These are about the factor itself, so Sign-in security offers it; 'the sign-in policy' below covers each state.
  beforeEach(() => setSecondFactorPolicyOf(testApp, 'offered'));

  it('is set up from the account page, then sign-in asks for a code after the password, and refuses wrong, reused and old codes', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toEqual({ enrolled: false, enrolled_at: null, recovery_codes_left: 0, policy: 'offered', available: true, passkeys: 0, passkeys_supported: false });
    const { key, recoveryCodes } = await enrol(client, user);
    expect(recoveryCodes).toHaveLength(10);
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ enrolled: true, recovery_codes_left: 10 });
    // Enrolled: starting again is refused, and the seed is never answered again.
    expect((await client.post(`/api/user/${user.id}/second-factor/start`)).status).toBe(409);

    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error).toEqual({ message: SECOND_FACTOR_MESSAGES.codeNeeded, field: 'none' });
    expect(browser.sessionCookie).toBeUndefined();
    expect((await browser.get('/api/authenticate-user')).status).toBe(401);
    expect((await browser.get('/api/sign-in/second-factor')).body.data?.rows[0]).toEqual({ step: 'code', totp: true, passkey: false });

    // The enrolment's own code (this step) is spent: the same code does not sign in.
    const wrong = await browser.post('/api/sign-in/second-factor', { code: codeFor(key) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ message: SECOND_FACTOR_MESSAGES.codeInvalid, field: 'code' });
    // A code two steps old is outside the window.
    expect((await browser.post('/api/sign-in/second-factor', { code: codeFor(key, -2) })).status).toBe(401);
    // The next step's code is inside the window, and signs in.
    const next = codeFor(key, 1);
    const signedIn = await browser.post('/api/sign-in/second-factor', { code: next });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.rows[0]).toMatchObject({ id: user.id });
    expect((await browser.get('/api/authenticate-user')).status).toBe(200);
    const [session] = await sqlRows<{ sign_in_method: string }>(testApp.db, sql`SELECT sign_in_method FROM sessions WHERE user_id = ${user.id} ORDER BY created_at DESC LIMIT 1`);
    expect(session?.sign_in_method).toBe('password_totp');

    // The pending sign-in is over, and the same code cannot be used again from another browser.
    expect((await browser.post('/api/sign-in/second-factor', { code: next })).status).toBe(401);
    const other = testApp.client();
    await other.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect((await other.post('/api/sign-in/second-factor', { code: next })).status).toBe(401);

    const entries = await auditOf(user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'second_factor_enrolled',
      'second_factor_code_refused',
      'second_factor_code_refused',
      'sign_in',
      'second_factor_code_refused',
    ]);
    expect(entries[1]?.details).toEqual({ reason: 'reused', where: 'sign_in' });
    expect(entries[2]?.details).toEqual({ reason: 'wrong_or_expired', where: 'sign_in' });
    expect(entries[3]?.details).toEqual({ method: 'password_totp' });
    expect(entries[4]?.details).toEqual({ reason: 'reused', where: 'sign_in' });
    // No seed, code or recovery code in the audit log or the server's log.
    const written = JSON.stringify(entries) + logLines.join('');
    for (const secret of [key.replaceAll(' ', ''), next, ...recoveryCodes]) expect(written).not.toContain(secret);
  });

  it('takes a recovery code in place of a code, once', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const { recoveryCodes } = await enrol(client, user);
    const [recoveryCode = ''] = recoveryCodes;
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect((await browser.post('/api/sign-in/second-factor', { code: recoveryCode.toUpperCase() })).status).toBe(200);
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ recovery_codes_left: 9 });

    const again = testApp.client();
    await again.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect((await again.post('/api/sign-in/second-factor', { code: recoveryCode })).status).toBe(401);
    const actions = (await auditOf(user.id)).map((entry) => entry.action);
    expect(actions).toEqual(['second_factor_enrolled', 'recovery_code_used', 'sign_in', 'second_factor_code_refused']);
  });

  it('throttles codes as it does passwords: after six wrong codes even the right one waits', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const { key } = await enrol(client, user);
    await forgetUsedStep(user.id);
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const right = codeFor(key);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 6; attempt++) expect((await browser.post('/api/sign-in/second-factor', { code: wrong })).status).toBe(401);
    const throttled = await browser.post('/api/sign-in/second-factor', { code: right });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(browser.sessionCookie).toBeUndefined();
  });

  it('is removed with the password (or a code), after which the password alone signs in', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await enrol(client, user);
    expect((await client.post(`/api/user/${user.id}/second-factor/remove`, {})).status).toBe(400);
    const wrongPassword = await client.post(`/api/user/${user.id}/second-factor/remove`, { password: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error?.field).toBe('password');
    expect((await client.post(`/api/user/${user.id}/second-factor/remove`, { password: TEST_PASSWORD })).status).toBe(200);
    expect((await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await auditOf(user.id)).map((entry) => entry.action)).toContain('second_factor_removed');
  });

  it('gives new recovery codes after a current code; the old ones stop working', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const { key, recoveryCodes } = await enrol(client, user);
    const renewed = await client.post<{ data: { rows: { recovery_codes: string[] }[] } }>(`/api/user/${user.id}/second-factor/recovery-codes`, { code: codeFor(key, 1) });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.rows[0]?.recovery_codes ?? [];
    expect(fresh).toHaveLength(10);
    const browser = testApp.client();
    await browser.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect((await browser.post('/api/sign-in/second-factor', { code: recoveryCodes[0] })).status).toBe(401);
    expect((await browser.post('/api/sign-in/second-factor', { code: fresh[0] })).status).toBe(200);
  });

  it("is the member's own: another account's id is refused, administrators included", async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const { user } = await testApp.signedInClient('viewer');
    expect((await admin.get(`/api/user/${user.id}/second-factor`)).status).toBe(403);
    expect((await admin.post(`/api/user/${user.id}/second-factor/start`)).status).toBe(403);
  });

  it('once administrators require it, sends a member without one to set it up before anything else, and an administrator can reset it (mailing the member)', async () => {
    const { client: admin, user: adminUser } = await testApp.signedInClient('admin');
    const { client: viewer } = await testApp.signedInClient('viewer');
    expect((await viewer.post('/api/second-factor-policy', { second_factor: 'required' })).status).toBe(403);
    expect((await admin.post('/api/second-factor-policy', { second_factor: 'required' })).status).toBe(200);
    expect((await admin.get('/api/second-factor-policy')).body.data?.rows[0]).toEqual({ second_factor: 'required' });

    const member = await testApp.createUser({ role: 'viewer' });
    const browser = testApp.client();
    const login = await browser.post('/api/login', { email: member.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error).toEqual({ message: SECOND_FACTOR_MESSAGES.enrolNeeded, field: 'none' });
    expect((await browser.get('/api/authenticate-user')).status).toBe(401);
    expect((await browser.get('/api/sign-in/second-factor')).body.data?.rows[0]).toEqual({ step: 'enrol', totp: false, passkey: false });
    // The code step is not this one's.
    expect((await browser.post('/api/sign-in/second-factor', { code: '123456' })).status).toBe(409);
    const start = await browser.post<{ data: { rows: { manual_key: string }[] } }>('/api/sign-in/second-factor/start');
    const key = start.body.data.rows[0]?.manual_key ?? '';
    const enrolled = await browser.post<{ data: { rows: { id: number; recovery_codes: string[] }[] } }>('/api/sign-in/second-factor/enrol', { code: codeFor(key) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data.rows[0]).toMatchObject({ id: member.id });
    expect(enrolled.body.data.rows[0]?.recovery_codes).toHaveLength(10);
    expect((await browser.get('/api/authenticate-user')).status).toBe(200);

    // The administrator resets it: the member is mailed, and signs in to set one up again.
    expect((await admin.post(`/api/user/${member.id}/second-factor/reset`)).status).toBe(200);
    expect((await admin.post(`/api/user/${member.id}/second-factor/reset`)).status).toBe(409);
    const mail = await latestMailTo(testApp, member.email);
    expect(mail?.subject).toContain('second factor was reset');
    expect(mail?.text).toContain(adminUser.name);
    const afterReset = await testApp.client().post('/api/login', { email: member.email, password: TEST_PASSWORD });
    expect(afterReset.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.enrolNeeded);
    const [reset] = await sqlRows<{ actor_id: number }>(testApp.db, sql`SELECT actor_id FROM audit_log WHERE action = 'second_factor_reset' AND object_id = ${member.id}`);
    expect(reset?.actor_id).toBe(adminUser.id);

    // The audit log filters by the new actions.
    const filtered = await admin.post<{ data: { rows: { action: string }[] } }>('/api/audit-log/0', { action: 'second_factor_reset' });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.rows.length).toBeGreaterThan(0);
    expect(new Set(filtered.body.data.rows.map((row) => row.action))).toEqual(new Set(['second_factor_reset']));
  });

  it('without a pending sign-in, the second step answers 401', async () => {
    const browser = testApp.client();
    const answer = await browser.post('/api/sign-in/second-factor', { code: '123456' });
    expect(answer.status).toBe(401);
    expect(answer.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.signInExpired);
  });
});

describe('the sign-in policy (Sign-in security)', () => {
  const policyAudits = async () =>
    sqlRows<{ details: Record<string, unknown> }>(testApp.db, sql`SELECT details FROM audit_log WHERE action = 'second_factor_policy_changed' ORDER BY id`);

  it('is off by default: nobody is offered a second factor, setting one up is refused, and the password alone signs in', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    expect((await admin.get('/api/second-factor-policy')).body.data?.rows[0]).toEqual({ second_factor: 'off' });
    const { client, user } = await testApp.signedInClient('viewer');
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toEqual({
      enrolled: false, enrolled_at: null, recovery_codes_left: 0, policy: 'off', available: false, passkeys: 0, passkeys_supported: false,
    });
    const start = await client.post(`/api/user/${user.id}/second-factor/start`);
    expect(start.status).toBe(403);
    expect(start.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.notOffered);
    const confirm = await client.post(`/api/user/${user.id}/second-factor/confirm`, { code: '123456' });
    expect(confirm.status).toBe(403);
    expect(confirm.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.notOffered);
    expect((await sqlRows(testApp.db, sql`SELECT user_id FROM second_factors WHERE user_id = ${user.id}`)).length).toBe(0);
    expect((await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('refuses a state other than off, offered or required, and changes nothing', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const wrong = await admin.post('/api/second-factor-policy', { second_factor: 'always' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.policyInvalid);
    expect((await admin.post('/api/second-factor-policy', { require_second_factor: true })).status).toBe(400);
    expect((await admin.get('/api/second-factor-policy')).body.data?.rows[0]).toEqual({ second_factor: 'off' });
  });

  it('offered: staff may set one up (then are asked for it), those without one still sign in with the password; the change is audited', async () => {
    const { client: admin, user: adminUser } = await testApp.signedInClient('admin');
    const before = (await policyAudits()).length;
    expect((await admin.post('/api/second-factor-policy', { second_factor: 'offered' })).status).toBe(200);
    expect((await admin.post('/api/second-factor-policy', { second_factor: 'offered' })).status).toBe(200);
    const audits = await policyAudits();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)?.details).toEqual({ second_factor: 'offered', previous: 'off' });
    const [entry] = await sqlRows<{ actor_id: number }>(testApp.db, sql`SELECT actor_id FROM audit_log WHERE action = 'second_factor_policy_changed' ORDER BY id DESC LIMIT 1`);
    expect(entry?.actor_id).toBe(adminUser.id);

    const { client, user } = await testApp.signedInClient('viewer');
    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ policy: 'offered', available: true });
    await enrol(client, user);
    const login = await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.body.error).toEqual({ message: SECOND_FACTOR_MESSAGES.codeNeeded, field: 'none' });
    const other = await testApp.createUser({ role: 'viewer' });
    expect((await testApp.client().post('/api/login', { email: other.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('back to off: a member who has a factor keeps it, is still asked for it and still sees it; Sign-in security lists and resets it', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    await admin.post('/api/second-factor-policy', { second_factor: 'offered' });
    const { client, user } = await testApp.signedInClient('viewer');
    await enrol(client, user);
    expect((await admin.post('/api/second-factor-policy', { second_factor: 'off' })).status).toBe(200);

    expect((await client.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ enrolled: true, policy: 'off', available: true });
    const login = await testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.error?.message).toBe(SECOND_FACTOR_MESSAGES.codeNeeded);

    const holders = await admin.get<{ data: { rows: { id: number; name: string; email: string; enrolled_at: string }[]; total_count: number } }>(
      `/api/second-factors?search=${encodeURIComponent(user.email)}`,
    );
    expect(holders.status).toBe(200);
    expect(holders.body.data.total_count).toBe(1);
    const row = holders.body.data.rows.find((holder) => holder.id === user.id);
    expect(row).toMatchObject({ name: user.name, email: user.email });
    expect(Number.isNaN(Date.parse(row?.enrolled_at ?? ''))).toBe(false);
    // Only confirmed factors are listed: one still being set up is not.
    const { user: enrolling } = await testApp.signedInClient('viewer');
    await testApp.db.execute(sql`INSERT INTO second_factors (user_id, sealed_seed) VALUES (${enrolling.id}, 'x')`);
    const again = await admin.get<{ data: { rows: { id: number }[] } }>(`/api/second-factors?search=${encodeURIComponent(enrolling.email)}`);
    expect(again.body.data.rows.map((holder) => holder.id)).not.toContain(enrolling.id);

    expect((await admin.post(`/api/user/${user.id}/second-factor/reset`)).status).toBe(200);
    const after = await admin.get<{ data: { rows: { id: number }[] } }>(`/api/second-factors?search=${encodeURIComponent(user.email)}`);
    expect(after.body.data.rows.map((holder) => holder.id)).not.toContain(user.id);
    // The reset ended the member's sessions (whoever holds the lost phone may hold one); they log in with the password alone.
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
    const relogged = testApp.client();
    expect((await relogged.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await relogged.get(`/api/user/${user.id}/second-factor`)).body.data?.rows[0]).toMatchObject({ enrolled: false, available: false });
  });
});
