import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows.ts';
import { type JobHandler, runNextJob } from '../jobs/job-queue.ts';
import { type CuttableProxy, startCuttableProxy } from '../test/cuttable-proxy.ts';
import { recipientOf, startSmtpSink } from '../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { onPostgres, openTestDatabase, testPostgresAddress } from '../test/test-database.ts';
import { enqueueMail, installationId, MAIL_QUEUE } from './mail-queue.ts';
import { scaled } from '../test/slowdown.ts';

/** The test's SMTP server, with a step a test may set for the moment it has a mail, before its answer. */
const startSmtpServer = () => {
  const hooks: { beforeAnswer?: () => Promise<void> } = {};
  return { ...startSmtpSink({ beforeAnswer: async () => hooks.beforeAnswer?.() }), hooks };
};
const mailTo = (to: string) => ({ to, subject: 'Your invitation', text: 'Hello', html: '<p>Hello</p>' });
const jobOf = async (testApp: TestApp, id: number) =>
  (await sqlRows<{ status: string; attempts: number; locked_by: string | null }>(testApp.db, sql`SELECT status, attempts, locked_by FROM jobs WHERE id = ${id}`))[0];
/** The lease ends now, as it does for an instance that stopped renewing it (killed, frozen, cut off). */
const endLease = (testApp: TestApp, id: number) => testApp.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);

describe('the mail queue', () => {
  const smtp = startSmtpServer();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await smtp.listening}` });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('sends a mail sent again after a crash (sent, not yet marked done) as the same mail: one Message-ID, made from the job and the installation', async () => {
    const id = await enqueueMail(testApp.db, mailTo('cal@example.com'));
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log)).toBe(true);
    // As a kill -9 between the server's acceptance and the record leaves it: the lease ends, another instance runs it.
    await testApp.db.execute(sql`UPDATE jobs SET status = 'running', locked_until = now() - interval '1 second' WHERE id = ${id}`);
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log, { owner: 'another-instance:3000' })).toBe(true);
    const sent = smtp.received.filter((mail) => recipientOf(mail) === 'cal@example.com');
    const expected = `<steward-mail-${id}.${await installationId(testApp.db)}@127.0.0.1>`;
    expect(sent.map((mail) => mail.messageId)).toEqual([expected, expected]);
  });

  it('gives two installations on one host name different Message-IDs for the same job id', async () => {
    const other = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await smtp.listening}` });
    try {
      const ids = await Promise.all([testApp, other].map((app) => installationId(app.db)));
      expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
      expect(ids[1]).not.toBe(ids[0]);
      // Each installation's id is made once: asked again, the same.
      expect(await installationId(testApp.db)).toBe(ids[0]);
      for (const app of [testApp, other]) {
        await app.db.execute(sql`SELECT setval(pg_get_serial_sequence('jobs', 'id'), 900000, true)`);
        await enqueueMail(app.db, mailTo('twin@example.com'));
        expect(await runNextJob(app.db, app.context.jobHandlers, app.app.log)).toBe(true);
      }
      const twins = smtp.received.filter((mail) => recipientOf(mail) === 'twin@example.com').map((mail) => mail.messageId ?? '');
      expect(new Set(twins).size).toBe(2);
      expect(twins.map((messageId) => messageId.replace(/\..*$/, ''))).toEqual(['<steward-mail-900001', '<steward-mail-900001']);
    } finally {
      await other.close();
    }
  });

  it('does not send a mail whose run stalled past its lease while another instance took it over and sent it', async () => {
    const id = await enqueueMail(testApp.db, mailTo('stalled@example.com'));
    const send = testApp.context.jobHandlers.get(MAIL_QUEUE) as JobHandler;
    let stalled!: () => void;
    const claimed = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    let wakeUp!: () => void;
    const frozen = new Promise<void>((resolve) => {
      wakeUp = resolve;
    });
    // Instance A claims the mail and freezes before handing it to the mail server (a pause, a long GC, a VM stall).
    const stallingFirst: JobHandler = async (payload, context) => {
      stalled();
      await frozen;
      await send(payload, context);
    };
    const runOfA = runNextJob(testApp.db, new Map([[MAIL_QUEUE, stallingFirst]]), testApp.app.log, { owner: 'instance-a:3000' });
    await claimed;
    await endLease(testApp, id);
    // Instance B takes it over and sends it.
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log, { owner: 'instance-b:3000' })).toBe(true);
    wakeUp();
    await runOfA;
    expect(smtp.received.filter((mail) => recipientOf(mail) === 'stalled@example.com')).toHaveLength(1);
    expect(await jobOf(testApp, id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

/**
 * The database gone at the moment the mail server accepts a mail (PostgreSQL restarting): the job cannot be
 * recorded done then. It is recorded when the database is back, and no later attempt sends the mail again.
 */
describe.skipIf(!onPostgres())('a mail accepted while the PostgreSQL server is gone', () => {
  const smtp = startSmtpServer();
  let proxy: CuttableProxy;
  let testApp: TestApp;
  beforeAll(async () => {
    proxy = await startCuttableProxy(testPostgresAddress());
    const database = await openTestDatabase({ through: (url) => proxy.through(url) });
    testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await smtp.listening}` }, { database });
  });
  afterAll(async () => {
    await testApp?.close();
    await proxy?.close();
    await smtp.close();
  });

  it('is recorded sent when the database answers again, and not sent a second time', async () => {
    const id = await enqueueMail(testApp.db, mailTo('restart@example.com'));
    await installationId(testApp.db);
    // The mail server has the mail; the database goes away before its answer reaches the instance.
    smtp.hooks.beforeAnswer = () => proxy.cut();
    const run = runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log, { owner: 'instance-a:3000', reachability: testApp.context.databaseReachability });
    await expect.poll(() => smtp.received.length, { timeout: scaled(10_000) }).toBe(1);
    smtp.hooks.beforeAnswer = undefined;
    await expect.poll(() => testApp.context.databaseReachability.reachable, { timeout: scaled(15_000) }).toBe(false);
    await proxy.restore();
    await run.catch(() => undefined);
    await expect.poll(async () => (await jobOf(testApp, id))?.status, { timeout: scaled(15_000) }).toBe('done');
    // Had it stayed running, its lease would end and another instance would send it again.
    await endLease(testApp, id);
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log, { owner: 'instance-b:3000' })).toBe(false);
    expect(smtp.received.filter((mail) => recipientOf(mail) === 'restart@example.com')).toHaveLength(1);
  });
});
