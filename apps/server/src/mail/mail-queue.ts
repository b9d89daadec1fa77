import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { enqueueJob, type JobHandler } from '../jobs/job-queue.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-transport.ts';

export const MAIL_QUEUE = 'mail';

const mailPayload = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  from: z.object({ name: z.string(), address: z.string() }).optional(),
  replyTo: z.string().optional(),
});

/**
 * Queues a mail; the job worker sends it and retries with back-off when the server
 * refuses. Pass a transaction's db to queue it together with the rows it is about.
 */
export const enqueueMail = (db: Db, message: MailMessage): Promise<number> =>
  enqueueJob(db, MAIL_QUEUE, { ...message }, { maxAttempts: 8 });

/**
 * Sends a queued mail. Its Message-ID is made from the job's id, so a mail sent again after a crash cut its
 * run off between sending and marking it done is the same mail (mail readers show one), never a second one.
 */
export const mailJobHandler =
  (transport: MailTransport, messageIdDomain: string): JobHandler =>
  async (payload, { jobId }) => {
    await transport.send({ ...mailPayload.parse(payload), messageId: `<steward-mail-${jobId}@${messageIdDomain}>` });
  };
