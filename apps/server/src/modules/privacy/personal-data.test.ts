import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MESSAGES, type PersonalDataTable } from '@steward/contract/privacy';
import { sqlRows } from '../../db/sql-rows.ts';
import { wholeAddressPattern } from '../../lib/email-mentions.ts';
import { runJobsBeforeMail } from '../../test/queued-mail.ts';
import { newSessionId } from '../../test/bot-test-support.ts';
import { countersAndRows, seedVisitor, statisticsSums } from '../../test/privacy-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAIL_QUEUES } from '../../mail/mail-queue.ts';
import { textArray } from '../../db/sql-arrays.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // Staff notification mails for every help request: they quote the visitor's address.
  const { client } = await testApp.signedInClient('admin');
  await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['support@example.com'] } });
});
afterAll(() => testApp.close());

type Counts = Partial<Record<PersonalDataTable, number>>;
const asCounts = (rows: Record<string, unknown>[] | undefined): Counts =>
  Object.fromEntries((rows ?? []).map((row) => [String(row.table), Number(row.count)]));

const count = async (query: ReturnType<typeof sql>): Promise<number> =>
  Number((await sqlRows<{ count: number | string }>(testApp.db, query))[0]?.count ?? 0);

async function adminCall(path: 'find' | 'erase', body: unknown) {
  const { client } = await testApp.signedInClient('admin');
  return client.post(`/api/personal-data/${path}`, body);
}

/** Everything stored about the seeded visitor, in every table. */
async function storedAbout(visitor: { sessionId: string; helpRequestId: number }, email: string): Promise<Record<string, number>> {
  return {
    history: await count(sql`SELECT count(*) AS count FROM history WHERE session_id = ${visitor.sessionId}`),
    feedback: await count(sql`SELECT count(*) AS count FROM feedback WHERE session_id = ${visitor.sessionId}`),
    helpRequests: await count(sql`SELECT count(*) AS count FROM help_requests WHERE id = ${visitor.helpRequestId}`),
    replies: await count(sql`SELECT count(*) AS count FROM help_request_replies WHERE help_request_id = ${visitor.helpRequestId}`),
    chatSessions: await count(sql`SELECT count(*) AS count FROM chat_sessions WHERE session_id = ${visitor.sessionId}`),
    mails: await count(sql`SELECT count(*) AS count FROM jobs WHERE queue = ANY(${textArray(MAIL_QUEUES)}) AND (payload ->> 'to' = ${email} OR (payload ->> 'text') ~* ${wholeAddressPattern([email])})`),
  };
}

describe('POST /api/personal-data/find and /erase', () => {
  it.each(['email', 'sessionId', 'ip'] as const)('finds and erases a visitor named by %s, in every table', async (kind) => {
    const ip = '192.0.2.44';
    const email = `erase-${kind.toLowerCase()}@example.com`;
    const sessionId = newSessionId();
    const visitorIp = kind === 'ip' ? ip : `192.0.2.${kind === 'email' ? 10 : 11}`;
    const visitor = await seedVisitor(testApp, { sessionId, email, ip: visitorIp });
    const other = await seedVisitor(testApp, { sessionId: newSessionId(), email: `other-${kind}@example.com`, ip: '192.0.2.99' });
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post(`/api/help-requests/${visitor.helpRequestId}/reply`, { message: 'We will call you.' })).status).toBe(200);
    await runJobsBeforeMail(testApp);
    const stored = await storedAbout(visitor, email);
    expect(stored).toEqual({ history: 2, feedback: 1, helpRequests: 1, replies: 1, chatSessions: 1, mails: 2 });
    const statistics = await statisticsSums(testApp.db);
    const otherBefore = await storedAbout(other, `other-${kind}@example.com`);

    // An email is matched whatever its case.
    const value = kind === 'email' ? email.toUpperCase() : kind === 'ip' ? ip : sessionId;
    const found = await adminCall('find', { kind, value });
    expect(found.status).toBe(200);
    expect(asCounts(found.body.data?.rows)).toEqual({ history: 2, feedback: 1, helpRequests: 1, helpRequestReplies: 1, chatSessions: 1, queuedMails: 2, outboxMails: 0, auditEntries: 1 });
    // Finding deletes nothing.
    expect(await storedAbout(visitor, email)).toEqual(stored);

    const erased = await adminCall('erase', { kind, value });
    expect(erased.status).toBe(200);
    expect(asCounts(erased.body.data?.rows)).toEqual({ history: 2, feedback: 1, helpRequests: 1, helpRequestReplies: 1, chatSessions: 1, queuedMails: 2, outboxMails: 0, auditEntries: 1 });
    expect(await storedAbout(visitor, email)).toEqual({ history: 0, feedback: 0, helpRequests: 0, replies: 0, chatSessions: 0, mails: 0 });
    expect(asCounts((await adminCall('find', { kind, value })).body.data?.rows)).toEqual({
      history: 0,
      feedback: 0,
      helpRequests: 0,
      helpRequestReplies: 0,
      chatSessions: 0,
      queuedMails: 0,
      outboxMails: 0,
      auditEntries: 0,
    });
    // Another visitor's data stays; the lists' counters equal their rows; the statistics are unchanged.
    expect(await storedAbout(other, `other-${kind}@example.com`)).toEqual(otherBefore);
    const { counters, rows } = await countersAndRows(testApp.db);
    expect(counters).toEqual(rows);
    expect(await statisticsSums(testApp.db)).toEqual(statistics);

    // One audit entry: who erased, how the visitor was named and the counts, never the value itself.
    const [entry] = await sqlRows<{ actor_email: string | null; details: Record<string, unknown>; object_label: string }>(
      testApp.db,
      sql`SELECT actor_email, details, object_label FROM audit_log WHERE action = 'personal_data_erased' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry?.details).toEqual({ namedBy: kind, history: 2, feedback: 1, helpRequests: 1, helpRequestReplies: 1, chatSessions: 1, queuedMails: 2, outboxMails: 0, auditEntries: 1 });
    expect(JSON.stringify(entry)).not.toContain(value);
    expect(entry?.actor_email).toBeTruthy();
  });

  it('finds the sessions of an exchange whose account carries the email', async () => {
    const sessionId = newSessionId();
    const { botPost } = await import('../../test/bot-test-support.ts');
    await botPost(testApp, '/api/bot/messages', {
      session_id: sessionId,
      user_message: 'Hello',
      api_response: '<p>Hi</p>',
      account: { email: 'Account.Holder@example.com' },
    });
    const found = await adminCall('find', { kind: 'email', value: 'account.holder@example.com' });
    expect(asCounts(found.body.data?.rows)).toMatchObject({ history: 1, chatSessions: 1 });
  });

  it.each([
    [{ kind: 'email', value: 'not-an-email' }, PERSONAL_DATA_MESSAGES.emailInvalid],
    [{ kind: 'ip', value: '300.1.1.1' }, PERSONAL_DATA_MESSAGES.ipInvalid],
    [{ kind: 'ip', value: 'example.com' }, PERSONAL_DATA_MESSAGES.ipInvalid],
    [{ kind: 'sessionId', value: '  ' }, PERSONAL_DATA_MESSAGES.sessionIdInvalid],
    [{ kind: 'name', value: 'Vera' }, PERSONAL_DATA_MESSAGES.selectorInvalid],
  ])('refuses %j with a clear 400', async (body, message) => {
    for (const path of ['find', 'erase'] as const) {
      const answer = await adminCall(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(message);
    }
  });

  it('accepts an IPv6 address', async () => {
    expect((await adminCall('find', { kind: 'ip', value: '2001:db8::1' })).status).toBe(200);
  });

  it('is for holders of erase_personal_data only', async () => {
    const { client } = await testApp.signedInClient('viewer');
    for (const path of ['find', 'erase']) {
      const answer = await client.post(`/api/personal-data/${path}`, { kind: 'email', value: 'someone@example.com' });
      expect(answer.status).toBe(403);
    }
    expect((await testApp.client().post('/api/personal-data/find', { kind: 'email', value: 'someone@example.com' })).status).toBe(401);
  });
});
