import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKLY_REPORT_MESSAGES } from '@steward/contract/weekly-report';
import { sqlRows } from '../../db/sql-rows.ts';
import { enqueueJob, runNextJob } from '../../jobs/job-queue.ts';
import { MAIL_QUEUE, NOTIFICATION_MAIL_QUEUE } from '../../mail/mail-queue.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { mailQueuesTo } from '../../test/queued-mail.ts';
import { recipientOf, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { weekStartOf } from './report-week.ts';
import { WEEKLY_REPORT_QUEUE, weeklyReportHandler } from './weekly-report-job.ts';

const smtp = startSmtpSink();
let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await smtp.listening}`, ASSISTANT_NAME: 'Acme Bot' });
  ({ client: admin } = await testApp.signedInClient('admin'));
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

const offer = async (offered: boolean) => expect((await admin.post('/api/weekly-report/offer', { offered })).status).toBe(200);
const subscription = async (client: ApiClient, user: UserRecord) => (await client.get(`/api/user/${user.id}/weekly-report`)).body.data?.rows[0];
const auditOf = (userId: number) =>
  sqlRows<{ action: string; actor_id: number | null; details: Record<string, unknown> }>(
    testApp.db,
    sql`SELECT action, actor_id, details FROM audit_log WHERE action LIKE 'weekly_report_%' AND object_type = 'user' AND object_id = ${userId} ORDER BY id`,
  );

/** Next Monday, half an hour in: the week being reported is this one, so what the test records now is in it. */
const nextMondayMorning = () => new Date(weekStartOf(new Date()).getTime() + 7 * 86_400_000 + 30 * 60_000);

/** Runs the queued weekly-report jobs (as instance `owner`, at `clock`) and the mails they queue, through the job queue. */
async function runWeeklyReportJobs(clock: Date, owner: string): Promise<void> {
  const mail = testApp.context.jobHandlers.get(MAIL_QUEUE);
  if (!mail) throw new Error('No mail handler');
  const handlers = new Map([
    [WEEKLY_REPORT_QUEUE, weeklyReportHandler({ db: testApp.db, config: testApp.config, knowledge: testApp.context.knowledge, log: testApp.app.log, clock: () => clock })],
    [MAIL_QUEUE, mail],
    [NOTIFICATION_MAIL_QUEUE, mail],
  ]);
  while (await runNextJob(testApp.db, handlers, testApp.app.log, { owner })) {
    // keep draining
  }
}

const mailsTo = (email: string): ParsedMail[] => smtp.received.filter((mail) => recipientOf(mail) === email);
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

describe('opting in to the weekly report', () => {
  it('is off by default: a member cannot opt in until an administrator offers it; opting out always works', async () => {
    await offer(false);
    const { client, user } = await testApp.signedInClient('viewer');
    expect(await subscription(client, user)).toEqual({ offered: false, subscribed: false });
    const refused = await client.post(`/api/user/${user.id}/weekly-report`, { subscribed: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(WEEKLY_REPORT_MESSAGES.notOffered);
    expect(await subscription(client, user)).toEqual({ offered: false, subscribed: false });

    await offer(true);
    expect((await admin.get('/api/weekly-report/offer')).body.data?.rows[0]).toEqual({ offered: true });
    expect((await client.post(`/api/user/${user.id}/weekly-report`, { subscribed: true })).status).toBe(200);
    expect(await subscription(client, user)).toEqual({ offered: true, subscribed: true });
    await offer(false);
    expect((await client.post(`/api/user/${user.id}/weekly-report`, { subscribed: false })).status).toBe(200);
    expect(await subscription(client, user)).toEqual({ offered: false, subscribed: false });
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.actor_id, entry.details.via])).toEqual([
      ['weekly_report_subscribed', user.id, 'account'],
      ['weekly_report_unsubscribed', user.id, 'account'],
    ]);
    const offers = await sqlRows<{ details: Record<string, unknown> }>(testApp.db, sql`SELECT details FROM audit_log WHERE action = 'weekly_report_offer_changed' ORDER BY id DESC LIMIT 1`);
    expect(offers[0]?.details).toEqual({ offered: false, previous: true });
  });

  it("is one's own: another member's id is refused, and a body that is not a choice gets the contract's message", async () => {
    await offer(true);
    const { client } = await testApp.signedInClient('admin');
    const other = await testApp.createUser();
    expect((await client.get(`/api/user/${other.id}/weekly-report`)).status).toBe(403);
    expect((await client.post(`/api/user/${other.id}/weekly-report`, { subscribed: true })).status).toBe(403);
    const { client: viewer, user } = await testApp.signedInClient('viewer');
    const invalid = await viewer.post(`/api/user/${user.id}/weekly-report`, { subscribed: 'yes' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain(WEEKLY_REPORT_MESSAGES.subscribedInvalid);
    expect((await viewer.post('/api/weekly-report/offer', { offered: false })).status).toBe(403);
  });
});

describe('the Monday mail', () => {
  it('goes once to each member who opted in, through the job queue, from any number of instances and retries; its unsubscribe link works without signing in', async () => {
    await offer(true);
    const ada = await testApp.signedInClient('admin', { name: 'Ada <Admin>' });
    const vic = await testApp.signedInClient('viewer', { name: 'Vic Viewer' });
    const nobody = await testApp.signedInClient('viewer', { name: 'Not Opted In' });
    for (const member of [ada, vic]) expect((await member.client.post(`/api/user/${member.user.id}/weekly-report`, { subscribed: true })).status).toBe(200);
    // The week's activity, through the bot API and a question the bot could not answer.
    const session = newSessionId();
    expect((await botPost(testApp, '/api/bot/messages', { session_id: session, user_message: 'Opening hours?', api_response: '<p>9 to 5.</p>' })).status).toBe(200);
    await insertHistory(testApp.db, { userMessage: 'Do you ship <b>to</b> Mars?', coverageGap: true });

    // Two runs at once (two instances each holding a run of the queue), then a later one: one mail each.
    const monday = nextMondayMorning();
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await Promise.all([runWeeklyReportJobs(monday, 'instance-a'), runWeeklyReportJobs(monday, 'instance-b')]);
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await runWeeklyReportJobs(new Date(monday.getTime() + 3_600_000), 'instance-a');
    expect(mailsTo(ada.user.email)).toHaveLength(1);
    expect(mailsTo(vic.user.email)).toHaveLength(1);
    expect(mailsTo(nobody.user.email)).toHaveLength(0);
    expect(await mailQueuesTo(testApp, vic.user.email)).toEqual([NOTIFICATION_MAIL_QUEUE]);
    // The run booked its next look an hour on.
    const booked = await sqlRows<{ n: number | string }>(testApp.db, sql`SELECT count(*) AS n FROM jobs WHERE queue = ${WEEKLY_REPORT_QUEUE} AND status = 'queued'`);
    expect(Number(booked[0]?.n)).toBeGreaterThanOrEqual(1);

    const [mail] = mailsTo(ada.user.email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toMatch(/^Acme Bot weekly report: /);
    expect(mail.text).toContain('Hello Ada <Admin>,');
    expect(mail.text).toMatch(/Sessions: [1-9][0-9]* \(/);
    expect(mail.text).toContain('“Do you ship <b>to</b> Mars?”: asked 1 time.');
    expect(mail.text).toContain('Open Help Requests: http://127.0.0.1:3000/help-requests');
    expect(mail.html).toContain('Hello Ada &lt;Admin&gt;,');
    expect(mail.html).toContain('Do you ship &lt;b&gt;to&lt;/b&gt; Mars?');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<http:\/\/127\.0\.0\.1:3000(\/api\/weekly-report\/unsubscribe\/[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
    const page = /Unsubscribe: http:\/\/127\.0\.0\.1:3000\/weekly-report\/unsubscribe\/(\S+)/.exec(mail.text ?? '')?.[1];
    expect(oneClick).toBe(`/api/weekly-report/unsubscribe/${page}`);
    if (!oneClick || !page) throw new Error('no unsubscribe link');

    // Without a session: the page reads whose report it stops; a tampered token is refused.
    const stranger = testApp.client();
    expect((await stranger.get(oneClick)).body.data?.rows[0]).toEqual({ email: ada.user.email, subscribed: true });
    const [id, signature = ''] = page.split('.');
    // The last of 43 base64url characters carries two unused bits: its neighbour in the alphabet decodes to the
    // same 32 bytes, and must be refused all the same (only the token as signed is the token).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.slice(-1)) ^ 1] ?? ''}`;
    const otherFirst = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = [`${vic.user.id}.${signature}`, `${id}.${sameBytes}`, `${id}.${otherFirst}`, `${id}`, 'nonsense'];
    for (const token of tampered) {
      const refused = await stranger.post(`/api/weekly-report/unsubscribe/${token}`, {});
      expect(refused.status, token).toBe(404);
      expect(refused.body.error?.message).toBe(WEEKLY_REPORT_MESSAGES.linkInvalid);
    }
    expect(await subscription(vic.client, vic.user)).toEqual({ offered: true, subscribed: true });

    // A mail reader's one-click (RFC 8058): a form POST with no cookie, no Origin.
    const oneClickAnswer = await stranger.postRaw(oneClick, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(oneClickAnswer.status).toBe(200);
    expect(await subscription(ada.client, ada.user)).toEqual({ offered: true, subscribed: false });
    expect((await stranger.get(oneClick)).body.data?.rows[0]).toEqual({ email: ada.user.email, subscribed: false });
    // Again: nothing left to stop, still fine.
    expect((await stranger.post(oneClick, {})).status).toBe(200);
    expect((await auditOf(ada.user.id)).map((entry) => [entry.action, entry.details.via])).toEqual([
      ['weekly_report_subscribed', 'account'],
      ['weekly_report_unsubscribed', 'unsubscribe_link'],
    ]);

    // The next week: only Vic is still in.
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await runWeeklyReportJobs(new Date(monday.getTime() + 7 * 86_400_000), 'instance-b');
    expect(mailsTo(ada.user.email)).toHaveLength(1);
    expect(mailsTo(vic.user.email)).toHaveLength(2);
  });

  it("sends an administrator a sample of last week's report at once, to them alone, and still their own Monday mail", async () => {
    const member = await testApp.signedInClient('admin', { name: 'Sample Taker' });
    const sample = await member.client.post('/api/weekly-report/sample');
    expect(sample.status).toBe(200);
    expect(sample.body.data?.rows[0]).toEqual({ delivery: 'smtp' });
    const { client: viewer } = await testApp.signedInClient('viewer');
    expect((await viewer.post('/api/weekly-report/sample')).status).toBe(403);
    await runWeeklyReportJobs(nextMondayMorning(), 'instance-a');
    expect(mailsTo(member.user.email)).toHaveLength(1);
    expect(mailsTo(member.user.email)[0]?.subject).toMatch(/^Acme Bot weekly report: /);
    await offer(true);
    expect((await member.client.post(`/api/user/${member.user.id}/weekly-report`, { subscribed: true })).status).toBe(200);
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await runWeeklyReportJobs(nextMondayMorning(), 'instance-a');
    expect(mailsTo(member.user.email)).toHaveLength(2);
    // The sample one asked for goes at once; Monday's mail to every member waits in the notification queue.
    expect(await mailQueuesTo(testApp, member.user.email)).toEqual([MAIL_QUEUE, NOTIFICATION_MAIL_QUEUE]);
  });

  it('sends nothing while the instance does not offer it, even to members who opted in before', async () => {
    await offer(true);
    const member = await testApp.signedInClient('viewer', { name: 'Offer Withdrawn' });
    expect((await member.client.post(`/api/user/${member.user.id}/weekly-report`, { subscribed: true })).status).toBe(200);
    await offer(false);
    await enqueueJob(testApp.db, WEEKLY_REPORT_QUEUE, {}, { maxAttempts: 3 });
    await runWeeklyReportJobs(nextMondayMorning(), 'instance-a');
    expect(mailsTo(member.user.email)).toHaveLength(0);
    expect(await subscription(member.client, member.user)).toEqual({ offered: false, subscribed: true });
  });
});
