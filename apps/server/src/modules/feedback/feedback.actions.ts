import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { FEEDBACK_COUNTERS } from './feedback.counters.ts';
import { thumbsDownWebhook } from './feedback-webhooks.ts';
import { HttpError } from '../../lib/http-error.ts';
import { maskCardNumbers } from '../../lib/personal-data.ts';
import { recountRatings, setLatestRating } from '../history/history.repository.ts';
import { bumpStatisticsRollup } from '../statistics/statistics-rollup.repository.ts';
import { findRatedExchange, insertFeedback, lockLatestRatingOf, type NewFeedback, replaceRating } from './feedback.repository.ts';

/** The visitor's words with any card number masked, for everyone, before they are stored (docs/privacy.md). */
const withCardsMasked = (rating: NewFeedback): NewFeedback =>
  rating.user_feedback === undefined ? rating : { ...rating, user_feedback: maskCardNumbers(rating.user_feedback) };

const ratingDelta = (rating: NewFeedback['rating'], by: 1 | -1) => (rating === 'up' ? { upRatings: by } : { downRatings: by });

const announceThumbsDown = (tx: Db, id: number, rating: NewFeedback, exchange: { sessionId: string; userMessage: string; apiResponse: string }) =>
  thumbsDownWebhook(tx, { id, question: exchange.userMessage, answerHtml: exchange.apiResponse, comment: rating.user_feedback ?? '', sessionId: exchange.sessionId, time: rating.time });

/**
 * Stores a rating of one history row (the bot API's /api/bot/feedback), counted in its lists and statistics and
 * shown as the row's thumb in History, in the caller's transaction. The row's session, question and answer are
 * copied, so the feedback still reads whole if the history is ever pruned. The history row is locked first, so
 * ratings of one answer sent at once are stored in turn and its thumb is the latest.
 */
export async function rateAnswer(tx: Db, rating: NewFeedback): Promise<{ id: number }> {
  const exchange = await findRatedExchange(tx, rating.history_id);
  if (!exchange) throw new HttpError(404, `There is no chat history entry with id ${rating.history_id}.`, 'history_id');
  const stored = withCardsMasked(rating);
  const row = await insertFeedback(tx, stored, exchange);
  await setLatestRating(tx, rating.history_id, rating.rating);
  await bumpStatisticsRollup(tx, rating.time, ratingDelta(rating.rating, 1));
  if (rating.rating === 'down') await announceThumbsDown(tx, row.id, stored, exchange);
  return row;
}

/**
 * A visitor's rating of an answer through the public chat: one per answer. The first is stored as rateAnswer
 * stores it; a later one replaces it in place (rating, reasons, words, time, address; same id, so a correction
 * made from it keeps its link). The list counters and the statistics move with it in the same transaction: the
 * old rating leaves its counter and its quarter hour, the new one enters theirs, so both stay equal to the rows
 * (docs/statistics.md). The history row is locked first, so two ratings sent at once are one insert and one
 * replacement, never two rows.
 */
export async function rateAnswerOnce(tx: Db, rating: NewFeedback): Promise<{ id: number; replaced: boolean }> {
  const earlier = await lockLatestRatingOf(tx, rating.history_id);
  if (!earlier) return { ...(await rateAnswer(tx, rating)), replaced: false };
  const stored = withCardsMasked(rating);
  await replaceRating(tx, earlier, stored);
  await setLatestRating(tx, rating.history_id, rating.rating);
  // A thumbs down replacing a thumbs up is news; one replacing a thumbs down (new words) is the same event again.
  if (rating.rating === 'down' && earlier.rating !== 'down') {
    const exchange = await findRatedExchange(tx, rating.history_id);
    if (exchange) await announceThumbsDown(tx, earlier.id, stored, exchange);
  }
  await bumpStatisticsRollup(tx, new Date(earlier.time), ratingDelta(earlier.rating, -1));
  await bumpStatisticsRollup(tx, rating.time, ratingDelta(rating.rating, 1));
  return { id: earlier.id, replaced: true };
}

/**
 * Deletes the ratings under `condition` and takes them off Feedback's counters and their answers' thumbs in
 * History in the caller's transaction (the retention's batches and an erasure ask for it; the statistics'
 * rollups keep their counts). Answers how many went.
 */
export async function deleteFeedbackRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; up: SqlBigint; down: SqlBigint; answers: (number | string)[] | null }>(
    tx,
    sql`WITH gone AS (DELETE FROM feedback WHERE ${condition} RETURNING rating, history_id)
      SELECT count(*) AS rows, count(*) FILTER (WHERE rating = 'up') AS up, count(*) FILTER (WHERE rating = 'down') AS down,
        array_agg(DISTINCT history_id) FILTER (WHERE history_id IS NOT NULL) AS answers FROM gone`,
  );
  await recountRatings(tx, (gone?.answers ?? []).map(Number));
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.all], -rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.up], -counted(gone?.up));
  await bumpCounters(tx, [FEEDBACK_COUNTERS.down], -counted(gone?.down));
  return rows;
}

/** How many rows the list holds, from its counter (the retention's preview). */
export const countFeedbackRows = (db: Db): Promise<number> => readCounter(db, FEEDBACK_COUNTERS.all);
