import { sql } from 'drizzle-orm';
import { sqlRows } from '../db/sql-rows.ts';
import { runNextJob } from '../jobs/job-queue.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { MAIL_QUEUES } from '../mail/mail-queue.ts';
import { textArray } from '../db/sql-arrays.ts';
import type { TestApp } from './test-app.ts';

/**
 * Runs every queued job except sending mail (forgot-password requests, say), so the mails
 * they queue can be read from the jobs table.
 */
export async function runJobsBeforeMail(testApp: TestApp): Promise<void> {
  const handlers = new Map([...testApp.context.jobHandlers].filter(([queue]) => !MAIL_QUEUES.includes(queue)));
  while (await runNextJob(testApp.db, handlers, testApp.app.log)) {
    // keep draining
  }
}

/** The newest mail queued for an address (the job's payload), or undefined. */
export async function latestMailTo(testApp: TestApp, to: string): Promise<MailMessage | undefined> {
  await runJobsBeforeMail(testApp);
  const rows = await sqlRows<{ payload: MailMessage }>(testApp.db, sql`
    SELECT payload FROM jobs WHERE queue = ANY(${textArray(MAIL_QUEUES)}) AND payload->>'to' = ${to} ORDER BY id DESC LIMIT 1`);
  return rows[0]?.payload;
}

export async function countMailsTo(testApp: TestApp, to: string): Promise<number> {
  await runJobsBeforeMail(testApp);
  const rows = await sqlRows<{ total: number | string }>(testApp.db, sql`
    SELECT count(*) AS total FROM jobs WHERE queue = ANY(${textArray(MAIL_QUEUES)}) AND payload->>'to' = ${to}`);
  return Number(rows[0]?.total ?? 0);
}

/** The queue of each mail queued for an address, oldest first: which lane sends it. */
export async function mailQueuesTo(testApp: TestApp, to: string): Promise<string[]> {
  const rows = await sqlRows<{ queue: string }>(testApp.db, sql`
    SELECT queue FROM jobs WHERE queue = ANY(${textArray(MAIL_QUEUES)}) AND payload->>'to' = ${to} ORDER BY id`);
  return rows.map((row) => row.queue);
}

/** The key at the end of a mailed link such as …/register/{key}. */
export function keyFromMail(mail: MailMessage | undefined, route: 'register' | 'reset-password'): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No /${route}/ link in the mail: ${mail?.text ?? '(no mail)'}`);
  return match[1];
}
