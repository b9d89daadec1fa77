import type { Db } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.actions.ts';
import type { InformTheBotRecord } from './inform-the-bot.repository.ts';

/** Tells webhook endpoints that an item waits for approval (added or edited) or was approved (docs/integrations.md). */
export async function informTheBotWebhook(tx: Db, item: Pick<InformTheBotRecord, 'id' | 'status' | 'content' | 'question'>): Promise<void> {
  await emitWebhookEvent(tx, {
    type: item.status === 'approved' ? 'correction.approved' : 'correction.pending',
    recordKey: `information:${item.id}`,
    path: '/inform-the-bot',
    data: { id: item.id, status: item.status, content: item.content, question: item.question },
    freeText: ['content', 'question'],
  });
}
