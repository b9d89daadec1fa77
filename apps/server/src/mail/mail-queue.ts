import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { textArray } from '../db/sql-arrays.ts';
import { countJobsWhere, dropJobsWhere, enqueueJob, type JobHandler } from '../jobs/job-queue.ts';
import { wholeAddressPattern } from '../lib/email-mentions.ts';
import { sharedServerSecret } from '../lib/server-secrets.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-transport.ts';

export const MAIL_QUEUE = 'mail';
/**
 * The mails one event sends to many staff at once (an approval request to every approver, a help request to every
 * saved address, Monday's reports): queued apart and sent by a worker of their own (worker/job-handlers.ts), so an
 * invitation, a sign-in link or a password reset someone is waiting for never waits behind hundreds of them.
 */
export const NOTIFICATION_MAIL_QUEUE = 'mail-notification';
export const MAIL_QUEUES: readonly string[] = [MAIL_QUEUE, NOTIFICATION_MAIL_QUEUE];

const mailPayload = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  from: z.object({ name: z.string(), address: z.string() }).optional(),
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/**
 * Queues a mail; the job worker sends it and retries with back-off when the server
 * refuses. Pass a transaction's db to queue it together with the rows it is about.
 */
export const enqueueMail = (db: Db, message: MailMessage): Promise<number> =>
  enqueueJob(db, MAIL_QUEUE, { ...message }, { maxAttempts: 8 });

/** Queues one of the mails an event sends to many staff at once (NOTIFICATION_MAIL_QUEUE), as enqueueMail does. */
export const enqueueNotificationMail = (db: Db, message: MailMessage): Promise<number> =>
  enqueueJob(db, NOTIFICATION_MAIL_QUEUE, { ...message }, { maxAttempts: 8 });

/**
 * This installation's id, made once and kept in the database (server_secrets; not a secret: every Message-ID
 * shows it), so two installations mailing from one host name never make the same Message-ID.
 */
export const installationId = (db: Db): Promise<string> => sharedServerSecret(db, 'installation-id', () => randomBytes(8).toString('hex'));

/** A queued mail's Message-ID: the same on every attempt, unique to this installation. */
export const mailMessageId = (jobId: number, installation: string, domain: string): string => `<steward-mail-${jobId}.${installation}@${domain}>`;

/**
 * Sends a queued mail, at most once where that can be kept. Right before handing it to the mail server the run
 * renews its lease (JobContext.holdLease): a run that stalled past its lease while another instance took the job
 * over stops there instead of sending too. Once the server accepted it the job is recorded done before the lease
 * ends (through a loss of the database too: job-queue.ts), so no later attempt sends it again. What remains
 * at least once: an instance that dies between the server's acceptance and that record (docs/operations.md). The
 * mail is then sent again by the next attempt with the same Message-ID, which mail readers show once.
 */
export function mailJobHandler(transport: MailTransport, messageIdDomain: string, db: Db, log: FastifyBaseLogger): JobHandler {
  let installation: Promise<string> | undefined;
  return async (payload, { jobId, attempt, holdLease }) => {
    installation ??= installationId(db).catch((error: unknown) => {
      installation = undefined;
      throw error;
    });
    const messageId = mailMessageId(jobId, await installation, messageIdDomain);
    const message = mailPayload.parse(payload);
    await holdLease();
    await transport.send({ ...message, messageId });
    // Who it went to stays out of the log (a visitor's address, for a help request's reply).
    log.info({ jobId, attempt, messageId }, 'mail sent');
  };
}

/**
 * The queued mails (waiting, failed, or sent in the days the clean-up keeps them) to one of `emails` or quoting one
 * whole in their text (a staff notification quoting a visitor's address; never inside another address).
 */
const toOrAbout = (emails: readonly string[]): SQL => {
  if (emails.length === 0) return sql`false`;
  const addresses = textArray(emails.map((email) => email.toLowerCase()));
  return sql`lower(payload ->> 'to') = ANY(${addresses})
    OR (jsonb_typeof(payload -> 'to') = 'array' AND EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(payload -> 'to') AS recipient WHERE lower(recipient) = ANY(${addresses})))
    OR payload ->> 'text' ~* ${wholeAddressPattern(emails)}`;
};

/** How many queued mails are to or about one of `emails` (an erasure's count). */
export const countMailsToOrAbout = (db: Db, emails: readonly string[]): Promise<number> => countJobsWhere(db, MAIL_QUEUES, toOrAbout(emails));

/** Drops the queued mails to or about one of `emails`, in the caller's transaction (an erasure); answers how many. */
export const dropMailsToOrAbout = (tx: Db, emails: readonly string[]): Promise<number> => dropJobsWhere(tx, MAIL_QUEUES, toOrAbout(emails));
