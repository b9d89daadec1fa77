import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { LOGIN_ALERT_PER_ACCOUNT } from '../../modules/auth/login-alert.ts';
import { LOGIN_THROTTLE } from '../../modules/auth/login-throttle.ts';
import type { ApiClient } from '../api-client.ts';
import { countMailsTo, latestMailTo } from '../queued-mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.ts';

// Advisory class: lockout by strangers (issue 38). Addresses are set with X-Forwarded-For, which the server
// trusts from loopback (trustProxy 'loopback'), as it would from a proxy in front of it.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const STRANGER = '203.0.113.66';
const OFFICE = '198.51.100.7';

const login = (client: ApiClient, email: string, password: string, ip: string) =>
  client.post('/api/login', { email, password }, { 'x-forwarded-for': ip });

/** Keeps a throttled pair waiting for ten minutes more, so a slow machine cannot let its delay pass mid-test. */
const keepWaiting = (email: string, ip: string) =>
  testApp.db.execute(sql`UPDATE login_throttles SET blocked_until = now() + interval '10 minutes' WHERE key = ${`pair:${email}:${ip}`}`);

const countAudit = async (action: string, email: string) =>
  Number((await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND actor_email = ${email}`))[0]?.n);

describe('no lockout by strangers', () => {
  it('lets the owner in from another address while a stranger fails 40 times, and slows the stranger with growing delays', async () => {
    const owner = await testApp.createUser();
    const stranger = testApp.client();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const answer = await login(stranger, owner.email, `Wrong-Pass-${attempt}`, STRANGER);
      expect([401, 429]).toContain(answer.status);
      if (answer.status === 429) waits.push(Number(answer.headers.get('retry-after')));
    }
    // The free failures and one more were checked, and one more per delay that passed while the loop ran (on a slow
    // machine); every other attempt waited, and nothing waited was checked.
    const checked = await countAudit('sign_in_failed', owner.email);
    expect(checked).toBeGreaterThanOrEqual(LOGIN_THROTTLE.freeFailures + 1);
    expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.freeFailures + 3);
    expect(waits.length).toBe(40 - checked);
    // Even the right password waits on the stranger's pair.
    await keepWaiting(owner.email, STRANGER);
    expect((await login(testApp.client(), owner.email, TEST_PASSWORD, STRANGER)).status).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await login(testApp.client(), owner.email, TEST_PASSWORD, OFFICE)).status).toBe(200);
  });

  it('makes each further failure of a pair wait longer, up to the cap', async () => {
    const owner = await testApp.createUser();
    const client = testApp.client();
    const ip = '203.0.113.67';
    for (let attempt = 0; attempt < LOGIN_THROTTLE.freeFailures; attempt += 1) expect((await login(client, owner.email, 'Wrong-Pass-1', ip)).status).toBe(401);
    const delays: number[] = [];
    for (let failure = LOGIN_THROTTLE.freeFailures + 1; failure <= LOGIN_THROTTLE.freeFailures + 12; failure += 1) {
      // Let the delay pass (as a patient attacker would), then fail again and read the next delay.
      await testApp.db.execute(sql`UPDATE login_throttles SET blocked_until = now() WHERE key = ${`pair:${owner.email}:${ip}`}`);
      expect((await login(client, owner.email, 'Wrong-Pass-1', ip)).status).toBe(401);
      const refused = await login(client, owner.email, 'Wrong-Pass-1', ip);
      expect(refused.status).toBe(429);
      delays.push(Number(refused.headers.get('retry-after')));
    }
    for (let index = 1; index < delays.length; index += 1) expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1] ?? 0);
    expect(delays[0]).toBeLessThanOrEqual(LOGIN_THROTTLE.firstDelaySeconds);
    expect(delays.at(-1)).toBe(LOGIN_THROTTLE.maxDelaySeconds);
  });

  it('lets a browser that signed in to the account before through with the right password, from the stranger\'s own address', async () => {
    const owner = await testApp.createUser();
    const ownBrowser = testApp.client();
    expect((await login(ownBrowser, owner.email, TEST_PASSWORD, OFFICE)).status).toBe(200);
    expect((await ownBrowser.get('/api/logout')).status).toBe(200);
    // The stranger shares the office's address (a café, a carrier's NAT) and fails until it is throttled.
    const stranger = testApp.client();
    for (let attempt = 0; attempt < 15; attempt += 1) await login(stranger, owner.email, `Wrong-Pass-${attempt}`, OFFICE);
    await keepWaiting(owner.email, OFFICE);
    expect((await login(testApp.client(), owner.email, TEST_PASSWORD, OFFICE)).status).toBe(429);
    expect((await login(ownBrowser, owner.email, TEST_PASSWORD, OFFICE)).status).toBe(200);
  });

  it('refuses a forged or another account\'s device cookie: the attempt is throttled as a stranger\'s', async () => {
    const owner = await testApp.createUser();
    const other = await testApp.createUser();
    const otherBrowser = testApp.client();
    expect((await login(otherBrowser, other.email, TEST_PASSWORD, OFFICE)).status).toBe(200);
    const ip = '203.0.113.68';
    const stranger = testApp.client();
    for (let attempt = 0; attempt < 10; attempt += 1) await login(stranger, owner.email, 'Wrong-Pass-1', ip);
    await keepWaiting(owner.email, ip);
    const forged = testApp.client();
    forged.setCookie(`steward_device_${owner.id}`, `${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect((await login(forged, owner.email, TEST_PASSWORD, ip)).status).toBe(429);
    // The other account's device cookie says nothing about this account.
    expect((await login(otherBrowser, owner.email, TEST_PASSWORD, ip)).status).toBe(429);
  });

  it('checks at most the free failures and one more of 24 wrong passwords sent at once', async () => {
    const owner = await testApp.createUser();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, attempt) => login(testApp.client(), owner.email, `Wrong-Pass-${attempt}`, '203.0.113.69')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBe(LOGIN_THROTTLE.freeFailures + 1);
    expect(statuses.filter((status) => status === 429).length).toBe(24 - LOGIN_THROTTLE.freeFailures - 1);
    expect(await countAudit('sign_in_failed', owner.email)).toBe(LOGIN_THROTTLE.freeFailures + 1);
  });

  it('alerts the account once per window (an audit entry and a mail) when failures from anywhere reach the limit, locking nothing', async () => {
    const owner = await testApp.createUser();
    for (let attempt = 0; attempt < LOGIN_ALERT_PER_ACCOUNT.limit + 5; attempt += 1) {
      expect((await login(testApp.client(), owner.email, 'Wrong-Pass-1', `192.0.2.${attempt + 1}`)).status).toBe(401);
    }
    expect(await countAudit('sign_in_alert', owner.email)).toBe(1);
    const [entry] = await sqlRows<{ object_id: number; details: { failures: number } }>(
      testApp.db,
      sql`SELECT object_id, details FROM audit_log WHERE action = 'sign_in_alert' AND object_id = ${owner.id}`,
    );
    expect(entry).toMatchObject({ object_id: owner.id, details: { failures: LOGIN_ALERT_PER_ACCOUNT.limit } });
    expect(await countMailsTo(testApp, owner.email)).toBe(1);
    expect((await latestMailTo(testApp, owner.email))?.subject).toMatch(/^Failed sign-ins on your/);
    expect((await login(testApp.client(), owner.email, TEST_PASSWORD, '192.0.2.200')).status).toBe(200);
  });
});
