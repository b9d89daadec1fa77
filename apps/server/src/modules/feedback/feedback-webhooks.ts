import type { Db } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.actions.ts';

/** Tells webhook endpoints of a thumbs down (docs/integrations.md); a thumbs up is no event. */
export async function thumbsDownWebhook(
  tx: Db,
  rating: { id: number; question: string; answerHtml: string; comment: string; sessionId: string; time: Date },
): Promise<void> {
  await emitWebhookEvent(tx, {
    type: 'feedback.thumbs_down',
    recordKey: `feedback:${rating.id}`,
    path: `/feedback/${rating.id}`,
    data: {
      id: rating.id,
      rating: 'down',
      question: rating.question,
      answer_html: rating.answerHtml,
      comment: rating.comment,
      session_id: rating.sessionId,
      created_at: rating.time.toISOString(),
    },
    freeText: ['question', 'comment'],
  });
}
