import { INFORM_THE_BOT_STATUS_PARAM } from '@steward/contract/inform-the-bot';
import { REVIEW_INFORMATION_CAPABILITY } from '@steward/contract/permissions';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { approvalRequestMail } from '../../mail/inform-the-bot-mails.ts';
import { enqueueNotificationMail } from '../../mail/mail-queue.ts';
import type { StaffActor } from '../audit-log/record-audit.ts';
import { excerptOf } from '../history/answer-sources.repository.ts';
import { findUsersHolding } from '../auth/users.repository.ts';
import type { InformTheBotRecord } from './inform-the-bot.repository.ts';

/** Queues one mail per new item to every approver but its author, in the transaction that creates the items. */
export async function mailOtherApprovers(
  tx: Db,
  author: StaffActor,
  config: Pick<Config, 'publicUrl' | 'assistantName'>,
  items: readonly InformTheBotRecord[],
): Promise<void> {
  if (items.length === 0) return;
  const approvers = (await findUsersHolding(tx, REVIEW_INFORMATION_CAPABILITY)).filter((approver) => approver.id !== author.id);
  const link = new URL(`/inform-the-bot?${INFORM_THE_BOT_STATUS_PARAM}=pending`, config.publicUrl).toString();
  for (const item of items) {
    for (const approver of approvers) {
      await enqueueNotificationMail(
        tx,
        approvalRequestMail({
          to: approver.email,
          name: approver.name,
          assistantName: config.assistantName,
          link,
          authorName: author.name,
          question: item.question,
          excerpt: excerptOf(item.content),
        }),
      );
    }
  }
}
