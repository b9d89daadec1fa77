import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { newSessionId } from '../../test/bot-test-support.ts';
import { seedVisitor, type SeededVisitor } from '../../test/privacy-test-support.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAIL_QUEUES } from '../../mail/mail-queue.ts';
import { textArray } from '../../db/sql-arrays.ts';

/**
 * Issue 52: an erasure left the visitor behind. The audit log kept "Name: message" labels and the chat session's
 * id, the outbox kept their mails, and erasing by email deleted the queued mails of every visitor whose address held
 * the erased one. Now nothing of the visitor stays, who did what stays, and the other visitor is untouched.
 */
let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = (await testApp.signedInClient('admin', { name: 'Erasing Admin' })).client;
  // Staff notification mails for every help request: they quote the visitor's address.
  await admin.post('/api/bot-settings', { settings: { helpRequestEmails: ['support@example.com'] } });
});
afterAll(() => testApp.close());

interface AuditRow {
  id: number;
  actor_name: string | null;
  action: string;
  object_type: string | null;
  object_id: number | null;
  object_label: string;
  details: Record<string, unknown>;
}
const auditLog = () => sqlRows<AuditRow>(testApp.db, sql`SELECT id, actor_name, action, object_type, object_id, object_label, details FROM audit_log ORDER BY id`);

/** The outbox files and the text each says, decoded. */
async function outbox(): Promise<string[]> {
  const folder = path.join(testApp.config.dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  const mails = await Promise.all(fs.readdirSync(folder).map((file) => simpleParser(fs.readFileSync(path.join(folder, file)))));
  return mails.map((mail) => `${mail.to && !Array.isArray(mail.to) ? mail.to.text : ''}\n${mail.text ?? ''}`);
}

const mailJobsTo = async (email: string): Promise<number> =>
  Number((await sqlRows<{ count: number | string }>(testApp.db, sql`SELECT count(*) AS count FROM jobs WHERE queue = ANY(${textArray(MAIL_QUEUES)}) AND payload ->> 'to' = ${email}`))[0]?.count ?? 0);

/** A visitor's conversation with a staff reply, the request resolved and the chat session revealed: every audit entry that quotes them. */
async function handled(email: string): Promise<SeededVisitor> {
  const visitor = await seedVisitor(testApp, { sessionId: newSessionId(), email, ip: '192.0.2.52' });
  expect((await admin.post(`/api/help-requests/${visitor.helpRequestId}/reply`, { message: 'We found it.' })).status).toBe(200);
  expect((await admin.post(`/api/help-requests/${visitor.helpRequestId}/resolve`)).status).toBe(200);
  expect((await admin.post('/api/personal-data/reveal', { kind: 'history', session_id: visitor.sessionId })).status).toBe(200);
  return visitor;
}

describe('erasing a visitor by email', () => {
  it('redacts their audit entries, deletes their outbox and queued mails, and touches no visitor whose address holds theirs', async () => {
    const email = 'ann@example.com';
    const otherEmail = 'joann@example.com';
    const visitor = await handled(email);
    const other = await handled(otherEmail);
    await runAllJobs(testApp);
    const mailsOfOther = (await outbox()).filter((text) => text.includes(otherEmail)).length;
    expect(mailsOfOther).toBe(2);
    const queuedForOther = await mailJobsTo(otherEmail);
    const before = await auditLog();

    const found = await admin.post('/api/personal-data/find', { kind: 'email', value: email });
    expect(found.body.data?.rows).toEqual(expect.arrayContaining([{ table: 'outboxMails', count: 2 }, { table: 'auditEntries', count: 3 }]));
    const erased = await admin.post('/api/personal-data/erase', { kind: 'email', value: email });
    expect(erased.status).toBe(200);
    expect(erased.body.data?.rows).toEqual(expect.arrayContaining([{ table: 'outboxMails', count: 2 }, { table: 'auditEntries', count: 3 }]));

    // The outbox holds nothing of the visitor, and all of the other's.
    const mails = await outbox();
    expect(mails.filter((text) => /(^|[^a-z0-9.-])ann@example\.com/i.test(text))).toEqual([]);
    expect(mails.filter((text) => text.includes(otherEmail))).toHaveLength(mailsOfOther);
    expect(await mailJobsTo(otherEmail)).toBe(queuedForOther);
    expect(await mailJobsTo(email)).toBe(0);

    // No entry quotes the visitor; every entry is still there, as who did what to which object; the other's stay whole.
    const after = await auditLog();
    const traces = [email, visitor.sessionId];
    expect(after.filter((entry) => traces.some((trace) => JSON.stringify(entry).includes(trace)))).toEqual([]);
    const keep = (entry: AuditRow) => ({ id: entry.id, actor: entry.actor_name, action: entry.action, type: entry.object_type, object: entry.object_id });
    expect(after.slice(0, before.length).map(keep)).toEqual(before.map(keep));
    const aboutVisitor = after.filter((entry) => entry.object_type === 'help_request' && entry.object_id === visitor.helpRequestId);
    expect(aboutVisitor.map((entry) => [entry.action, entry.object_label])).toEqual([
      ['help_request_replied', `Help request ${visitor.helpRequestId} (visitor's data erased)`],
      ['help_request_resolved', `Help request ${visitor.helpRequestId} (visitor's data erased)`],
    ]);
    expect(after.filter((entry) => entry.object_type === 'chat_session').map((entry) => entry.object_label)).toEqual(['Chat session (visitor\'s data erased)', other.sessionId]);
    expect(after.filter((entry) => entry.object_type === 'help_request' && entry.object_id === other.helpRequestId).map((entry) => entry.object_label)).toEqual([
      'Vera Visitor: Please call me back.',
      'Vera Visitor: Please call me back.',
    ]);
    expect(after.at(-1)).toMatchObject({ action: 'personal_data_erased', actor_name: 'Erasing Admin', details: { namedBy: 'email', outboxMails: 2, auditEntries: 3 } });
  });

  it('leaves the audit log append-only for everything but an erasure', async () => {
    await expect(testApp.db.execute(sql`UPDATE audit_log SET object_label = 'rewritten'`)).rejects.toThrow();
    await expect(
      testApp.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('steward.audit_erasure', 'on', true)`);
        await tx.execute(sql`UPDATE audit_log SET actor_name = 'someone else'`);
      }),
    ).rejects.toThrow();
    await expect(testApp.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
