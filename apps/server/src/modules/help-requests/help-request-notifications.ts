import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { helpRequests } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { enqueueNotificationMail } from '../../mail/mail-queue.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { readHelpRequestEmails } from '../bot-settings/bot-settings.repository.ts';

const payloadSchema = z.object({ helpRequestId: z.number().int().positive() });

type HelpRequestForMail = Pick<SqlRow<typeof helpRequests>, 'id' | 'name' | 'email' | 'message' | 'origin_url'>;

/**
 * Queues one mail per saved address. All of them in one transaction, so a retry after a
 * failure never sends some addresses a second copy; the mail jobs then retry on their own.
 */
export const helpRequestNotificationHandler =
  ({ db, config, log }: { db: Db; config: Pick<Config, 'publicUrl' | 'assistantName'>; log: FastifyBaseLogger }): JobHandler =>
  async (payload) => {
    const { helpRequestId } = payloadSchema.parse(payload);
    await db.transaction(async (tx) => {
      const [helpRequest] = await sqlRows<HelpRequestForMail>(
        tx,
        sql`SELECT id, name, email, message, origin_url FROM help_requests WHERE id = ${helpRequestId}`,
      );
      if (!helpRequest) {
        log.warn({ helpRequestId }, 'help request notification skipped: the help request no longer exists');
        return;
      }
      const addresses = await readHelpRequestEmails(tx);
      const message = helpRequestMail(helpRequest, `${config.publicUrl}/help-requests/${helpRequest.id}`, config.assistantName);
      for (const to of addresses) await enqueueNotificationMail(tx, { ...message, to });
      // Nothing to send without a saved address (Bot Settings): no line for a person at a terminal.
      if (addresses.length > 0) log.info({ helpRequestId, recipients: addresses.length }, 'help request notification queued');
      else log.debug({ helpRequestId }, 'help request notification: no address saved in Bot Settings');
    });
  };

export function helpRequestMail(helpRequest: HelpRequestForMail, link: string, assistantName: string): Omit<MailMessage, 'to'> {
  const origin = helpRequest.origin_url ?? 'not given';
  // A visitor wrote the name: keep it on one line so it cannot add headers or break the subject.
  const subject = `New help request from ${oneLine(helpRequest.name)} (${oneLine(assistantName)})`;
  const text = [
    `A visitor asked for help through ${assistantName}.`,
    '',
    `Name: ${helpRequest.name}`,
    `Email: ${helpRequest.email}`,
    `Origin URL: ${origin}`,
    '',
    'Message:',
    helpRequest.message,
    '',
    `Open the help request: ${link}`,
  ].join('\n');
  const html = [
    `<p>A visitor asked for help through ${escapeHtml(assistantName)}.</p>`,
    '<ul>',
    `<li>Name: ${escapeHtml(helpRequest.name)}</li>`,
    `<li>Email: ${escapeHtml(helpRequest.email)}</li>`,
    `<li>Origin URL: ${escapeHtml(origin)}</li>`,
    '</ul>',
    `<p>Message:</p><p style="white-space: pre-wrap">${escapeHtml(helpRequest.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the help request</a></p>`,
  ].join('\n');
  return { subject, text, html };
}

const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, ' ').trim().slice(0, 120);
