import type { Db } from '../../db/client.ts';
import { type AuditActor, type AuditObject, recordAudit } from '../audit-log/record-audit.ts';
import type { InformTheBotRecord } from './inform-the-bot.repository.ts';

/** An item as the audit log names it: by the start of its text. */
export const informationObject = (item: Pick<InformTheBotRecord, 'id' | 'content'>): AuditObject => ({
  type: 'information',
  id: item.id,
  label: item.content,
});

/** One entry per item created (typed, from a file, or a correction of a feedback), in the creating transaction. */
export async function recordInformationCreated(tx: Db, actor: AuditActor, items: readonly InformTheBotRecord[]): Promise<void> {
  for (const item of items) {
    await recordAudit(tx, actor, {
      action: 'information_created',
      object: informationObject(item),
      details: { type: item.type, ...(item.feedbackId === null ? {} : { feedback_id: item.feedbackId }) },
    });
  }
}
