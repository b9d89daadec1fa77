import {
  type HelpRequest,
  type HelpRequestAction,
  HELP_REQUEST_MESSAGES,
  type HelpRequestReply,
  type HelpRequestStatus,
} from '@steward/contract/help-requests';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { maskCardNumbers, maskPersonalData } from '../../lib/personal-data.ts';
import { helpRequestReplyMail } from '../../mail/help-request-mails.ts';
import { visitorSender } from '../../mail/mail-delivery.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { visitorMailIdentity } from '../bot-settings/visitor-mail.repository.ts';
import { HELP_REQUEST_CREATED_QUEUE, type HelpRequestCreatedPayload } from './help-request-created.ts';
import { insertHelpRequestReply } from './help-request-replies.repository.ts';
import { findHelpRequest, insertHelpRequest, lockHelpRequestStatus, type NewHelpRequest, saveHelpRequestStatus } from './help-requests.repository.ts';

/**
 * A customer asks for help (the bot API's /api/bot/help-requests, the public chat's form): the request is stored
 * pending and counted, and the staff notification queued, in the caller's transaction. A card number in the
 * message is masked before it is stored, for everyone (docs/privacy.md).
 */
export async function receiveHelpRequest(tx: Db, request: NewHelpRequest): Promise<{ id: number }> {
  const row = await insertHelpRequest(tx, { ...request, message: maskCardNumbers(request.message) });
  const payload: HelpRequestCreatedPayload = { helpRequestId: row.id };
  await enqueueJob(tx, HELP_REQUEST_CREATED_QUEUE, { ...payload });
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
