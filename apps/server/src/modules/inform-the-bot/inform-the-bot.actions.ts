import type { InformTheBotType } from '@steward/contract/inform-the-bot';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { canApproveInformation, type StaffMember } from '@steward/contract/permissions';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { maskPersonalData } from '../../lib/personal-data.ts';
import { mailOtherApprovers } from './approval-mails.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { informationObject, recordInformationCreated } from './inform-the-bot-audit.ts';
import { queueInformTheBotIndexing, removeFromKnowledge } from './inform-the-bot-indexing.ts';
import { informTheBotWebhook } from './inform-the-bot-webhooks.ts';
import {
  approveInformTheBotItem,
  createInformTheBotItems,
  deleteInformTheBotItem,
  findInformTheBotItem,
  type InformTheBotRecord,
  saveEditedContent,
} from './inform-the-bot.repository.ts';

/** What a staff member adds: typed text, a file's text, or a correction of a feedback (with its question). */
export interface NewInformation {
  content: string;
  type: InformTheBotType;
  question?: string | null;
  feedbackId?: number | null;
}

/**
 * Adds pending items by the actor, each with its audit entry and one mail per item to every other approver
 * (the author may not approve it), in the caller's transaction: the Inform the Bot form, its upload (typed
 * text and files at once) and the Feedback screen's correction form all call it. A correction's question (a
 * visitor's) becomes the bot's knowledge, which answers every visitor: it is stored masked, whatever the
 * masking setting (docs/privacy.md).
 */
export async function createInformation(
  tx: Db,
  actor: StaffActor,
  config: Pick<Config, 'publicUrl' | 'assistantName'>,
  items: readonly NewInformation[],
): Promise<InformTheBotRecord[]> {
  const author = { id: actor.id, name: actor.name };
  const created = await createInformTheBotItems(
    tx,
    items.map((item) => ({ ...item, question: item.question ? maskPersonalData(item.question) : item.question, author })),
  );
  await recordInformationCreated(tx, actor, created);
  await mailOtherApprovers(tx, actor, config, created);
  for (const item of created) await informTheBotWebhook(tx, item);
  return created;
}

/**
 * New text for an item: it goes back to pending, leaves the bot's knowledge and is audited. Saving the same
 * text changes nothing, so the approval of that text still stands. 404 when there is no such item.
 */
export async function editInformation(tx: Db, actor: StaffActor, id: number, content: string): Promise<InformTheBotRecord> {
  const item = await findInformTheBotItem(tx, id, { forUpdate: true });
  if (!item) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
  const saved = item.content === content ? item : await saveEditedContent(tx, item.id, content, actor.id);
  if (!saved) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
  if (saved !== item) {
    await removeFromKnowledge(tx, item.id);
    await recordAudit(tx, actor, { action: 'information_edited', object: informationObject(saved) });
    await informTheBotWebhook(tx, saved);
  }
  return saved;
}

/**
 * Approves a pending item (not by its last author; with `seenContent`, only that text), queues its indexing
 * and audits it. When nothing was approved it refuses with the reason, read from the item as it is now: 404 no
 * such item, 409 already approved, 403 the reviewer's own text (canApproveInformation), else 409 changed since
 * the reviewer loaded it.
 */
export async function approveInformation(
  tx: Db,
  actor: StaffActor,
  reviewer: StaffMember,
  id: number,
  seenContent: string | undefined,
): Promise<InformTheBotRecord> {
  const approved = await approveInformTheBotItem(tx, id, actor.id, seenContent);
  if (!approved) throw await approvalRefusal(tx, reviewer, id);
  await queueInformTheBotIndexing(tx, approved.id);
  await recordAudit(tx, actor, { action: 'information_approved', object: informationObject(approved) });
  await informTheBotWebhook(tx, approved);
  return approved;
}

async function approvalRefusal(tx: Db, reviewer: StaffMember, id: number): Promise<HttpError> {
  const item = await findInformTheBotItem(tx, id);
  if (!item) return new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
  if (item.status === 'approved') return new HttpError(409, INFORM_THE_BOT_MESSAGES.alreadyApproved);
  if (!canApproveInformation(reviewer, { status: item.status, last_author_id: item.lastAuthorId })) return new HttpError(403, INFORM_THE_BOT_MESSAGES.ownApproval);
  return new HttpError(409, INFORM_THE_BOT_MESSAGES.changedSinceLoaded);
}

/** Deletes an item, its chunks with it (ON DELETE CASCADE), and audits it. 404 when there is no such item. */
export async function deleteInformation(tx: Db, actor: StaffActor, id: number): Promise<void> {
  const item = await findInformTheBotItem(tx, id, { forUpdate: true });
  if (!item || !(await deleteInformTheBotItem(tx, item.id))) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
  await recordAudit(tx, actor, { action: 'information_deleted', object: informationObject(item) });
}
