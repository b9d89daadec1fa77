import { desc, eq, sql } from 'drizzle-orm';
import type { BotFeedbackRequest } from '@steward/contract/bot';
import type { Db } from '../../db/client.ts';
import { feedback, history } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { bumpStatisticsRollup } from '../statistics/statistics-rollup.repository.ts';

export interface NewFeedback extends Omit<BotFeedbackRequest, 'time' | 'country'> {
  time: Date;
  country: string;
}

/**
 * Stores a rating of one history row. The row's session, question and answer are copied,
 * so the feedback still reads whole if the history is ever pruned.
 */
export async function recordFeedback(db: Db, rating: NewFeedback): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [exchange] = await tx
      .select({ sessionId: history.sessionId, userMessage: history.userMessage, apiResponse: history.apiResponse })
      .from(history)
      .where(eq(history.id, rating.history_id));
    if (!exchange) throw new HttpError(404, `There is no chat history entry with id ${rating.history_id}.`, 'history_id');
    const [row] = await tx
      .insert(feedback)
      .values({
        historyId: rating.history_id,
        sessionId: exchange.sessionId,
        userMessage: exchange.userMessage,
        apiResponse: exchange.apiResponse,
        rating: rating.rating,
        reason: rating.reason ?? [],
        userFeedback: rating.user_feedback ?? '',
        userIp: rating.user_ip ?? '',
        country: rating.country,
        time: rating.time,
      })
      .returning({ id: feedback.id });
    if (!row) throw new Error('The feedback row was not stored.');
    await bumpCounters(tx, ['feedback', `feedback:${rating.rating}`], 1);
    await bumpStatisticsRollup(tx, rating.time, rating.rating === 'up' ? { upRatings: 1 } : { downRatings: 1 });
    return { id: row.id };
  });
}

/**
 * A visitor's rating of an answer through the public chat: one per answer. The first is stored as
 * recordFeedback stores it; a later one replaces it in place (rating, reasons, words, time, address; same id,
 * so a correction made from it keeps its link). The list counters and the statistics move with it in the same
 * transaction: the old rating leaves its counter and its quarter hour, the new one enters theirs, so both stay
 * equal to the rows (docs/statistics.md). The history row is locked first, so two ratings sent at once are
 * one insert and one replacement, never two rows.
 */
export async function recordVisitorRating(db: Db, rating: NewFeedback): Promise<{ id: number; replaced: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM history WHERE id = ${rating.history_id} FOR UPDATE`);
    const [earlier] = await tx
      .select({ id: feedback.id, rating: feedback.rating, time: feedback.time })
      .from(feedback)
      .where(eq(feedback.historyId, rating.history_id))
      .orderBy(desc(feedback.id))
      .limit(1);
    if (!earlier) return { ...(await recordFeedback(tx, rating)), replaced: false };
    await tx
      .update(feedback)
      .set({
        rating: rating.rating,
        reason: rating.reason ?? [],
        userFeedback: rating.user_feedback ?? '',
        userIp: rating.user_ip ?? '',
        country: rating.country,
        time: rating.time,
      })
      .where(eq(feedback.id, earlier.id));
    if (earlier.rating !== rating.rating) {
      await bumpCounters(tx, [`feedback:${earlier.rating}`], -1);
      await bumpCounters(tx, [`feedback:${rating.rating}`], 1);
    }
    await bumpStatisticsRollup(tx, new Date(earlier.time), earlier.rating === 'up' ? { upRatings: -1 } : { downRatings: -1 });
    await bumpStatisticsRollup(tx, rating.time, rating.rating === 'up' ? { upRatings: 1 } : { downRatings: 1 });
    return { id: earlier.id, replaced: true };
  });
}
