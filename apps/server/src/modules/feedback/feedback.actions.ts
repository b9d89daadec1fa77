import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { FEEDBACK_COUNTERS } from './feedback.counters.ts';
import { HttpError } from '../../lib/http-error.ts';
import { maskCardNumbers } from '../../lib/personal-data.ts';
import { bumpStatisticsRollup } from '../statistics/statistics-rollup.repository.ts';
import { findRatedExchange, insertFeedback, lockLatestRatingOf, type NewFeedback, replaceRating } from './feedback.repository.ts';

/** The visitor's words with any card number masked, for everyone, before they are stored (docs/privacy.md). */
const withCardsMasked = (rating: NewFeedback): NewFeedback =>
  rating.user_feedback === undefined ? rating : { ...rating, user_feedback: maskCardNumbers(rating.user_feedback) };

const ratingDelta = (rating: NewFeedback['rating'], by: 1 | -1) => (rating === 'up' ? { upRatings: by } : { downRatings: by });

/**
 * Stores a rating of one history row (the bot API's /api/bot/feedback), counted in its lists and statistics,
 * in the caller's transaction. The row's session, question and answer are copied, so the feedback still
 * reads whole if the history is ever pruned.
 */
export async function rateAnswer(tx: Db, rating: NewFeedback): Promise<{ id: number }> {
  const exchange = await findRatedExchange(tx, rating.history_id);
  if (!exchange) throw new HttpError(404, `There is no chat history entry with id ${rating.history_id}.`, 'history_id');
  const row = await insertFeedback(tx, withCardsMasked(rating), exchange);
  await bumpStatisticsRollup(tx, rating.time, ratingDelta(rating.rating, 1));
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
  await replaceRating(tx, earlier, withCardsMasked(rating));
  await bumpStatisticsRollup(tx, new Date(earlier.time), ratingDelta(earlier.rating, -1));
  await bumpStatisticsRollup(tx, rating.time, ratingDelta(rating.rating, 1));
  return { id: earlier.id, replaced: true };
}

/**
 * Deletes the ratings under `condition` and takes them off Feedback's counters in the caller's transaction (the
 * retention's batches and an erasure ask for it; the statistics' rollups keep their counts). Answers how many went.
 */
export async function deleteFeedbackRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; up: SqlBigint; down: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM feedback WHERE ${condition} RETURNING rating)
      SELECT count(*) AS rows, count(*) FILTER (WHERE rating = 'up') AS up, count(*) FILTER (WHERE rating = 'down') AS down FROM gone`,
  );
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.all], -rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.up], -counted(gone?.up));
  await bumpCounters(tx, [FEEDBACK_COUNTERS.down], -counted(gone?.down));
  return rows;
}

/** How many rows the list holds, from its counter (the retention's preview). */
export const countFeedbackRows = (db: Db): Promise<number> => readCounter(db, FEEDBACK_COUNTERS.all);
