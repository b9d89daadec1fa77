import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ACCOUNT_RATE_LIMITS } from './account-rate-limits.ts';
import { createInvitation } from './invitations.repository.ts';
import { countMailsTo } from '../../test/queued-mail.ts';
import { TEST_PASSWORD } from '../../test/test-app.ts';

let testApp: TestApp;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

const UNKNOWN_KEY = 'k'.repeat(43);

async function statusesOf(count: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await call()).status);
  return statuses;
}

describe('rate limits of the account calls', () => {
  it('limits POST /api/register per address', async () => {
    const { limit } = ACCOUNT_RATE_LIMITS.registerPerAddress;
    const statuses = await statusesOf(limit + 1, () => testApp.client().post('/api/register', { key: UNKNOWN_KEY, password: 'Good-Pass-1' }));
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits POST /api/reset-password per address', async () => {
    const { limit } = ACCOUNT_RATE_LIMITS.resetPerAddress;
    const statuses = await statusesOf(limit + 1, () => testApp.client().post('/api/reset-password', { token: UNKNOWN_KEY, newPassword: 'Good-Pass-1' }));
    expect(statuses.at(-2)).toBe(400);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits POST /api/verify-email-code per address, with a Retry-After header', async () => {
    const { limit } = ACCOUNT_RATE_LIMITS.verifyPerAddress;
    await statusesOf(limit, () => testApp.client().post('/api/verify-email-code', { email: 'a@example.com', code: UNKNOWN_KEY }));
    const answer = await testApp.client().post('/api/verify-email-code', { email: 'a@example.com', code: UNKNOWN_KEY });
    expect(answer.status).toBe(429);
    expect(answer.body.error?.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits POST /api/send-password-reset-email per address, whatever the addresses asked for', async () => {
    const { limit } = ACCOUNT_RATE_LIMITS.resetMailPerAddress;
    let counter = 0;
    const statuses = await statusesOf(limit + 1, () =>
      testApp.client().post('/api/send-password-reset-email', { email: `someone${(counter += 1)}@example.com` }),
    );
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits POST /api/add-user per inviting user', async () => {
    const { client } = await testApp.signedInClient('admin');
    const { limit } = ACCOUNT_RATE_LIMITS.addUserPerUser;
    let counter = 0;
    const statuses = await statusesOf(limit + 1, () =>
      client.post('/api/add-user', { name: 'Many', email: `many${(counter += 1)}@example.com`, role: 'viewer' }),
    );
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts failed invitation keys per address, not registrations: a whole office registers from one address', async () => {
    const { limit } = ACCOUNT_RATE_LIMITS.registerPerAddress;
    const office = { 'x-forwarded-for': '198.51.100.20' };
    for (let invitee = 0; invitee < limit + 5; invitee += 1) {
      const key = await createInvitation(testApp.db, { email: `office${invitee}-${Date.now()}@example.com`, name: `Invitee ${invitee}`, role: 'viewer', createdBy: null });
      expect((await testApp.client().post('/api/register', { key, password: 'Good-Pass-1' }, office)).status).toBe(200);
    }
    const failures = await statusesOf(limit + 1, () => testApp.client().post('/api/register', { key: UNKNOWN_KEY, password: 'Good-Pass-1' }, office));
    expect(failures.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(failures.at(-1)).toBe(429);
  });

  it('keeps the owner\'s reset mails out of a stranger\'s reach: per address and email, and a signed-in browser\'s own quota', async () => {
    const owner = await testApp.createUser();
    const stranger = { 'x-forwarded-for': '203.0.113.90' };
    const ask = (headers: Record<string, string>, client = testApp.client()) => client.post('/api/send-password-reset-email', { email: owner.email }, headers);
    const strangerStatuses = await statusesOf(ACCOUNT_RATE_LIMITS.resetMailPerEmailAndAddress.limit + 2, () => ask(stranger));
    expect(strangerStatuses.slice(0, ACCOUNT_RATE_LIMITS.resetMailPerEmailAndAddress.limit).every((status) => status === 200)).toBe(true);
    expect(strangerStatuses.at(-1)).toBe(429);
    // The owner, at home, still gets a mail.
    expect((await ask({ 'x-forwarded-for': '198.51.100.21' })).status).toBe(200);
    // A browser that signed in to the account before asks on a quota of its own.
    const ownBrowser = testApp.client();
    expect((await ownBrowser.post('/api/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(200);
    const mailsBefore = await countMailsTo(testApp, owner.email);
    expect((await ask({ 'x-forwarded-for': '192.0.2.99' }, ownBrowser)).status).toBe(200);
    expect(await countMailsTo(testApp, owner.email)).toBe(mailsBefore + 1);
  });

  it("is never refused per email: strangers asking from many addresses leave the owner's own request its mail (issue 52)", async () => {
    const owner = await testApp.createUser();
    const ask = (address: string) => testApp.client().post('/api/send-password-reset-email', { email: owner.email }, { 'x-forwarded-for': address });
    const { limit } = ACCOUNT_RATE_LIMITS.resetMailPerEmailAndAddress;
    // Strangers on ten addresses, each up to its own limit: more than resetMailPerEmail's count together.
    for (let address = 0; address < 10; address += 1) {
      for (let request = 0; request < limit; request += 1) expect((await ask(`192.0.2.${address + 120}`)).status).toBe(200);
    }
    expect(10 * limit).toBeGreaterThan(ACCOUNT_RATE_LIMITS.resetMailPerEmail.limit);
    // The owner on a new laptop, without a device cookie, from an address of their own.
    const owners = await ask('198.51.100.22');
    expect(owners.status).toBe(200);
    expect(await countMailsTo(testApp, owner.email)).toBe(10 * limit + 1);
    // The account's own count only warns, once in its window.
    expect(logLines.filter((line) => line.includes('flooding its mailbox') && line.includes(`"userId":${owner.id}`))).toHaveLength(1);
  });
});

