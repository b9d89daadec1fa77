import {
  type HelpRequest,
  type HelpRequestAction,
  HELP_REQUEST_MESSAGES,
  type HelpRequestReply,
  type HelpRequestStatus,
} from '@steward/contract/help-requests';
import type { Config } from '../../config.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { countJobsWhere, dropJobsWhere, enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { maskCardNumbers, maskPersonalData } from '../../lib/personal-data.ts';
import { helpRequestReplyMail } from '../../mail/help-request-mails.ts';
import { visitorSender } from '../../mail/mail-delivery.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { visitorMailIdentity } from '../bot-settings/visitor-mail.repository.ts';
import { markSessionHelped, recountHelpRequests } from '../history/history.repository.ts';
import { HELP_REQUEST_COUNTERS } from './help-requests.counters.ts';
import { HELP_REQUEST_CREATED_QUEUE, type HelpRequestCreatedPayload } from './help-request-created.ts';
import { helpRequestWebhook } from './help-request-webhooks.ts';
import { insertHelpRequestReply } from './help-request-replies.repository.ts';
import { findHelpRequest, insertHelpRequest, lockHelpRequestStatus, type NewHelpRequest, saveHelpRequestStatus } from './help-requests.repository.ts';

/**
 * A customer asks for help (the bot API's /api/bot/help-requests, the public chat's form): the request is stored
 * pending and counted, its session's exchanges badged in History, and the staff notification queued, in the
 * caller's transaction. A card number in the message is masked before it is stored, for everyone (docs/privacy.md).
 */
export async function receiveHelpRequest(tx: Db, request: NewHelpRequest): Promise<{ id: number }> {
  const message = maskCardNumbers(request.message);
  const row = await insertHelpRequest(tx, { ...request, message });
  if (request.session_id) await markSessionHelped(tx, request.session_id);
  const payload: HelpRequestCreatedPayload = { helpRequestId: row.id };
  await enqueueJob(tx, HELP_REQUEST_CREATED_QUEUE, { ...payload });
  await helpRequestWebhook(tx, 'help_request.created', {
    id: row.id,
    status: 'pending',
    message,
    origin_url: request.origin_url ?? null,
    time: request.time.toISOString(),
    name: request.name.trim(),
    email: request.email,
  });
  return row;
}

const TARGET_STATUS: Record<HelpRequestAction, HelpRequestStatus> = { resolve: 'resolved', reopen: 'pending' };

/**
 * Resolves or reopens a help request, moving it between the pending and resolved counters, with its audit entry,
 * in the caller's transaction. Repeating an action is refused (409), so a stale screen learns the truth.
 */
export async function changeHelpRequestStatus(tx: Db, actor: StaffActor, id: number, action: HelpRequestAction): Promise<HelpRequest> {
  const target = TARGET_STATUS[action];
  const current = await lockHelpRequestStatus(tx, id);
  if (!current) throw new HttpError(404, HELP_REQUEST_MESSAGES.notFound);
  if (current === target) {
    throw new HttpError(409, target === 'resolved' ? HELP_REQUEST_MESSAGES.alreadyResolved : HELP_REQUEST_MESSAGES.alreadyPending);
  }
  const helpRequest = await saveHelpRequestStatus(tx, id, target, actor.id);
  await recordAudit(tx, actor, {
    action: target === 'resolved' ? 'help_request_resolved' : 'help_request_reopened',
    object: auditedHelpRequest(helpRequest),
  });
  await helpRequestWebhook(tx, target === 'resolved' ? 'help_request.resolved' : 'help_request.reopened', helpRequest);
  return helpRequest;
}

const auditedHelpRequest = (helpRequest: HelpRequest) => ({ type: 'help_request' as const, id: helpRequest.id, label: `${helpRequest.name}: ${maskPersonalData(helpRequest.message)}` });

/**
 * Mails staff's reply to the visitor and keeps it in the request's thread, with its audit entry, in the
 * caller's transaction (the mail is queued with the reply, so neither goes without the other).
 */
export async function replyToHelpRequest(
  tx: Db,
  actor: StaffActor,
  config: Pick<Config, 'mailFrom'>,
  id: number,
  message: string,
): Promise<HelpRequestReply> {
  const helpRequest = await findHelpRequest(tx, id);
  if (!helpRequest) throw new HttpError(404, HELP_REQUEST_MESSAGES.notFound);
  const reply = await insertHelpRequestReply(tx, { helpRequestId: id, author: actor, message });
  // From the team, not from Steward: the name and reply-to of Bot Settings' Mail to visitors.
  const { senderName, replyTo } = await visitorMailIdentity(tx);
  await enqueueMail(
    tx,
    helpRequestReplyMail({
      to: helpRequest.email,
      name: helpRequest.name,
      reply: message,
      question: helpRequest.message,
      staffName: actor.name,
      teamName: senderName,
      from: visitorSender(config.mailFrom, senderName),
      replyTo,
    }),
  );
  await recordAudit(tx, actor, { action: 'help_request_replied', object: auditedHelpRequest(helpRequest), details: { characters: message.length } });
  return reply;
}

/**
 * Deletes the help requests under `condition`, whatever their status (their replies by cascade), and takes them
 * off Help Requests' counters and their sessions' badges in History, in the caller's transaction (the retention's
 * batches and an erasure ask for it). Answers how many went.
 */
export async function deleteHelpRequestRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; pending: SqlBigint; resolved: SqlBigint; sessions: string[] | null }>(
    tx,
    sql`WITH gone AS (DELETE FROM help_requests WHERE ${condition} RETURNING status, session_id)
      SELECT count(*) AS rows, count(*) FILTER (WHERE status = 'pending') AS pending,
        count(*) FILTER (WHERE status = 'resolved') AS resolved,
        array_agg(DISTINCT session_id) FILTER (WHERE session_id IS NOT NULL) AS sessions FROM gone`,
  );
  await recountHelpRequests(tx, gone?.sessions ?? []);
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.all], -rows);
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.pending], -counted(gone?.pending));
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.resolved], -counted(gone?.resolved));
  return rows;
}

/** The staff notifications of these help requests not made yet. */
const notificationsNotMade = (helpRequestIds: readonly number[]): SQL =>
  sql`status <> 'done' AND (payload ->> 'helpRequestId') = ANY(${textArray(helpRequestIds.map(String))})`;

/** How many of these help requests' staff notifications are not made yet (an erasure's count). */
export const countNotificationsNotMade = (db: Db, helpRequestIds: readonly number[]): Promise<number> =>
  countJobsWhere(db, [HELP_REQUEST_CREATED_QUEUE], notificationsNotMade(helpRequestIds));

/** Drops these help requests' staff notifications not made yet, in the caller's transaction (an erasure); answers how many. */
export const dropNotificationsNotMade = (tx: Db, helpRequestIds: readonly number[]): Promise<number> =>
  dropJobsWhere(tx, [HELP_REQUEST_CREATED_QUEUE], notificationsNotMade(helpRequestIds));

/** How many rows the list holds, from its counter (the retention's preview). */
export const countHelpRequestRows = (db: Db): Promise<number> => readCounter(db, HELP_REQUEST_COUNTERS.all);
