import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret } from '../../lib/secrets.ts';
import { REDACTED, redactSecrets, serializeError } from '../../lib/log-redaction.ts';
import { createInvitation } from '../../modules/auth/invitations.repository.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Issue 38: secrets stay out of logs. Opening /register/{key}, /reset-password/{key} or a sign-in link wrote
// the whole key to the access log; a failed query wrote its SQL and parameters.

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => testApp.close());

describe('the log', () => {
  it('writes no key of a register, reset-password or sign-in link URL, nor of a key sent in a body', async () => {
    const keys = [newSecret(), newSecret(), newSecret(), newSecret()];
    const [invitation, reset, signIn, other] = keys as [string, string, string, string];
    const invitationKey = await createInvitation(testApp.db, { email: 'log-test@example.com', name: 'Log Test', role: 'viewer', createdBy: null });
    const client = testApp.client();
    await client.get(`/register/${invitation}`);
    await client.get(`/register/${invitationKey}?from=mail`);
    await client.get(`/reset-password/${reset}`);
    await client.get(`/?email=owner%40example.com&verificationCode=${signIn}`);
    await client.get(`/api/anything?token=${other}`);
    await client.post('/api/register', { key: invitationKey, password: 'Fresh-Pass-123' });
    const written = lines.join('\n');
    expect(written).toContain('/register/'); // the access log does write these requests…
    expect(written).toContain(REDACTED);
    for (const key of [...keys, invitationKey]) expect(written).not.toContain(key); // …without their keys
  });

  it('writes a failed query as the database\'s reason, without its SQL or parameters', async () => {
    const secretParameter = 'visitor-question-about-their-order-12345';
    let failure: unknown;
    try {
      await testApp.db.execute(sql`SELECT ${secretParameter}::int`);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    const serialized = JSON.stringify(serializeError(failure));
    expect(serialized).toMatch(/A database query failed: .*invalid input syntax for type integer/);
    expect(serialized).not.toContain(secretParameter);
    expect(serialized).not.toContain('SELECT');
  });
});

describe('redactSecrets', () => {
  it('redacts keys in paths and query fields, bearer tokens and key-shaped values, and leaves other text alone', () => {
    const key = newSecret();
    expect(redactSecrets(`/register/${key}`)).toBe(`/register/${REDACTED}`);
    expect(redactSecrets(`/reset-password/${key}?x=1`)).toBe(`/reset-password/${REDACTED}?x=1`);
    expect(redactSecrets(`/?email=a%40b.c&verificationCode=${key}`)).toBe(`/?email=a%40b.c&verificationCode=${REDACTED}`);
    expect(redactSecrets('Authorization: Bearer test-bot-api-key-0123456789abcdef')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactSecrets(`link ${key}.`)).toBe(`link ${REDACTED}.`);
    expect(redactSecrets('/api/all-history/3')).toBe('/api/all-history/3');
  });
});
