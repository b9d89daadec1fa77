import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { NOTIFICATION_MAIL_QUEUE } from '../../mail/mail-queue.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../../test/test-app.ts';
import { HELP_REQUEST_CREATED_QUEUE } from './help-request-created.ts';
import { runAllJobs } from '../../test/run-jobs.ts';

const sent: MailMessage[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { mailTransport: { send: async (message) => void sent.push(message) } });
});
afterAll(() => testApp.close());


async function newHelpRequest(): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(testApp.db, sql`
    INSERT INTO help_requests (name, email, message, origin_url)
    VALUES ('Pat <b>Visitor</b>' || chr(10) || 'Bcc: evil@example.com', 'pat@example.com', 'My order is late.', 'https://shop.example.com/orders')
    RETURNING id`);
  if (!row) throw new Error('no help request');
  await enqueueJob(testApp.db, HELP_REQUEST_CREATED_QUEUE, { helpRequestId: row.id });
  return row.id;
}

describe('help request notifications', () => {
  it('mails every saved address with the request and a link to it', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['one@example.com', 'two@example.com'] } });
    sent.length = 0;
    const id = await newHelpRequest();
    await runAllJobs(testApp);
    expect(sent.map((mail) => mail.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    const mail = sent[0];
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.text).toContain('Name: Pat <b>Visitor</b>');
    expect(mail?.text).toContain('Email: pat@example.com');
    expect(mail?.text).toContain('My order is late.');
    expect(mail?.text).toContain('Origin URL: https://shop.example.com/orders');
    expect(mail?.text).toContain(`http://127.0.0.1:3000/help-requests/${id}`);
    expect(mail?.html).toContain('Pat &lt;b&gt;Visitor&lt;/b&gt;');
    expect(mail?.html).toContain(`href="http://127.0.0.1:3000/help-requests/${id}"`);
  });

  it('sends nothing when no address is saved', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/bot-settings', { settings: { helpRequestEmails: [] } });
    sent.length = 0;
    await newHelpRequest();
    await runAllJobs(testApp);
    expect(sent).toEqual([]);
  });

  it('retries a failed send without mailing the others twice', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['ok@example.com', 'down@example.com'] } });
    const failing = { fail: true };
    testApp.context.jobHandlers.set(NOTIFICATION_MAIL_QUEUE, async (payload) => {
      if (payload.to === 'down@example.com' && failing.fail) throw new Error('SMTP refused');
      sent.push(payload as unknown as MailMessage);
    });
    sent.length = 0;
    await newHelpRequest();
    await runAllJobs(testApp);
    expect(sent.map((mail) => mail.to)).toEqual(['ok@example.com']);
    const [retry] = await sqlRows<{ status: string; last_error: string }>(
      testApp.db,
      sql`SELECT status, last_error FROM jobs WHERE queue = ${NOTIFICATION_MAIL_QUEUE} AND payload->>'to' = 'down@example.com' ORDER BY id DESC LIMIT 1`,
    );
    expect(retry).toEqual({ status: 'queued', last_error: 'SMTP refused' });
    failing.fail = false;
    await testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE status = 'queued'`);
    await runAllJobs(testApp);
    expect(sent.map((mail) => mail.to)).toEqual(['ok@example.com', 'down@example.com']);
  });

  it('skips a help request that no longer exists', async () => {
    sent.length = 0;
    await enqueueJob(testApp.db, HELP_REQUEST_CREATED_QUEUE, { helpRequestId: 987654 });
    await runAllJobs(testApp);
    expect(sent).toEqual([]);
    const [job] = await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM jobs WHERE queue = ${HELP_REQUEST_CREATED_QUEUE} ORDER BY id DESC LIMIT 1`);
    expect(job?.status).toBe('done');
  });

  it('mails the saved addresses when the chatbot reports a help request through the bot API', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['support@example.com'] } });
    sent.length = 0;
    const answer = await testApp
      .client()
      .post(
        '/api/bot/help-requests',
        { name: 'Robin', email: 'robin@example.com', message: 'Where is my parcel?', origin_url: 'https://shop.example.com/help' },
        { authorization: `Bearer ${TEST_BOT_API_KEY}` },
      );
    expect(answer.status).toBe(200);
    const id = answer.body.data?.rows[0]?.id;
    await runAllJobs(testApp);
    expect(sent.map((mail) => mail.to)).toEqual(['support@example.com']);
    expect(sent[0]?.text).toContain('Where is my parcel?');
    expect(sent[0]?.text).toContain(`/help-requests/${String(id)}`);
  });
});
