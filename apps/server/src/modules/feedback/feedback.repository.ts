import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BotFeedbackRequest } from '@steward/contract/bot';
import type { RatingFilter } from '@steward/contract/feedback';
import type { FeedbackFilters } from '@steward/contract/list-filters';
import type { Db } from '../../db/client.ts';
import { aliasedColumns, type JsonRecord } from '../../db/json-rows.ts';
import { feedback, history } from '../../db/schema.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { mapBatches } from '../../lib/export-stream.ts';
import { boundedCount, commonConditions, filteredPage, keysetBatches, whereOf } from '../../lib/list-filter-sql.ts';
import { type AnchoredList, type PageAnchors, readAlongside, type WrittenPage } from '../../lib/page-anchors.ts';
import { FEEDBACK_COUNTERS, feedbackCounterFor } from './feedback.counters.ts';

/** The columns a feedback row shows; the search vector stays in the database. steward_feedback_page answers the same (migration-pins.test.ts). */
export const shownColumns = {
  id: feedback.id,
  sessionId: feedback.sessionId,
  userMessage: feedback.userMessage,
  apiResponse: feedback.apiResponse,
  rating: feedback.rating,
  reason: feedback.reason,
  userFeedback: feedback.userFeedback,
  userIp: feedback.userIp,
  country: feedback.country,
  time: feedback.time,
};

export type FeedbackRecord = Omit<JsonRecord<typeof shownColumns>, 'time'> & { time: Date };

export const feedbackList = (rating: RatingFilter): AnchoredList => ({
  name: `feedback:${rating}`,
  table: sql`feedback`,
  filter: rating === '' ? undefined : sql`rating = ${rating}`,
  counter: feedbackCounterFor(rating),
  pageFunction: { name: 'steward_feedback_page', filter: rating },
});

/** The same lists, their pages written as the route answers them (migration 3740), from the same anchors. */
const writtenFeedbackList = (rating: RatingFilter): AnchoredList => ({
  ...feedbackList(rating),
  pageFunction: { name: 'steward_feedback_shown_page', filter: rating, answersText: true },
});

/**
 * One page of feedback as the contract's rows (feedbackRow, `total_count` in each; reason as JSON text) in
 * JSON text, written by the database (steward_feedback_shown_page, migration 3740); the route sends it as it
 * is. Undefined when the page cannot be answered so: under the triage filters, or when a row of it holds a
 * reason with other than strings or a time toISOString writes otherwise: findFeedbackPage then reads it.
 */
export async function findWrittenFeedbackPage(
  db: Db,
  anchors: PageAnchors,
  page: { rating: RatingFilter; filters: FeedbackFilters; pageIndex: number; pageSize: number; alongside?: SQL },
): Promise<WrittenPage | undefined> {
  if (commonConditions(page.filters).length > 0) return undefined;
  return anchors.readWrittenPage(db, writtenFeedbackList(page.rating), page.pageIndex * page.pageSize, page.pageSize, page.alongside);
}

/**
 * One page of feedback under a rating filter, newest first, with its list's counter, in one statement
 * (steward_feedback_page, migration 1300, whose columns are `shownColumns`). The page's ids come from the
 * (time desc, id desc) or (rating, time desc, id desc) index alone, sought from the nearest page anchor;
 * only those rows are then read whole.
 */
export async function findFeedbackPage(
  db: Db,
  anchors: PageAnchors,
  page: { rating: RatingFilter; filters: FeedbackFilters; pageIndex: number; pageSize: number; alongside?: SQL },
): Promise<{ records: FeedbackRecord[]; totalCount: number; capped: boolean; alongside: unknown }> {
  const skip = page.pageIndex * page.pageSize;
  if (commonConditions(page.filters).length === 0) {
    const { rows, totalCount, alongside } = await anchors.readPage<JsonRecord<typeof shownColumns>>(db, feedbackList(page.rating), skip, page.pageSize, page.alongside);
    return { records: rows.map(toRecord), totalCount, capped: false, alongside };
  }
  // Under the triage filters (issue 40): the ids from the (country, time, id) or a time index, a bounded count.
  const where = whereOf(feedbackConditions(page.rating, page.filters));
  const [rows, count, alongside] = await Promise.all([
    filteredPage<JsonRecord<typeof shownColumns>>(db, sql`feedback`, SHOWN, where, skip, page.pageSize),
    boundedCount(db, sql`feedback`, where),
    readAlongside(db, page.alongside),
  ]);
  return { records: rows.map(toRecord), totalCount: count.totalCount, capped: count.capped, alongside };
}

/** A row's large columns, as an export's batch weighs them (lib/list-filter-sql.ts). */
const FEEDBACK_ROW_BYTES = sql`octet_length(user_message) + octet_length(api_response) + octet_length(user_feedback) + pg_column_size(reason)`;

/** The export's rows under the tab and the triage filters, newest first, a batch at a time. */
export const feedbackExportBatches = (db: Db, rating: RatingFilter, filters: FeedbackFilters): AsyncGenerator<FeedbackRecord[]> =>
  mapBatches(keysetBatches<JsonRecord<typeof shownColumns>>(db, sql`feedback`, SHOWN, feedbackConditions(rating, filters), FEEDBACK_ROW_BYTES), (batch) => batch.map(toRecord));

const feedbackConditions = (rating: RatingFilter, filters: FeedbackFilters): SQL[] => [
  ...(rating === '' ? [] : [sql`rating = ${rating}`]),
  ...commonConditions(filters),
];

const SHOWN = aliasedColumns(shownColumns);
const toRecord = (row: JsonRecord<typeof shownColumns>): FeedbackRecord => ({ ...row, time: new Date(row.time) });

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}

export interface NewFeedback extends Omit<BotFeedbackRequest, 'time' | 'country'> {
  time: Date;
  country: string;
}

type Rating = NewFeedback['rating'];

/** The columns a rating sets, when first sent and when sent again. */
const ratingColumns = (rating: NewFeedback) => ({
  rating: rating.rating,
  reason: rating.reason ?? [],
  userFeedback: rating.user_feedback ?? '',
  userIp: rating.user_ip ?? '',
  country: rating.country,
  time: rating.time,
});

/** The exchange a rating is about, locked: its session, question and answer, copied into the feedback row. */
export async function findRatedExchange(tx: Db, historyId: number) {
  const [exchange] = await tx
    .select({ sessionId: history.sessionId, userMessage: history.userMessage, apiResponse: history.apiResponse })
    .from(history)
    .where(eq(history.id, historyId))
    .for('update');
  return exchange;
}

/** Inserts a rating of the exchange and counts it in its lists. */
export async function insertFeedback(
  tx: Db,
  rating: NewFeedback,
  exchange: { sessionId: string; userMessage: string; apiResponse: string },
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(feedback)
    .values({
      historyId: rating.history_id,
      sessionId: exchange.sessionId,
      userMessage: exchange.userMessage,
      apiResponse: exchange.apiResponse,
      ...ratingColumns(rating),
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('The feedback row was not stored.');
  await bumpCounters(tx, [FEEDBACK_COUNTERS.all, FEEDBACK_COUNTERS[rating.rating]], 1);
  return { id: row.id };
}

/** The latest rating of an exchange, after locking the exchange's row: two ratings sent at once wait for each other. */
export async function lockLatestRatingOf(tx: Db, historyId: number): Promise<{ id: number; rating: Rating; time: Date } | undefined> {
  await tx.execute(sql`SELECT id FROM history WHERE id = ${historyId} FOR UPDATE`);
  const [earlier] = await tx
    .select({ id: feedback.id, rating: feedback.rating, time: feedback.time })
    .from(feedback)
    .where(eq(feedback.historyId, historyId))
    .orderBy(desc(feedback.id))
    .limit(1);
  return earlier;
}

/** Replaces a rating in place (same id) and moves it between the rating counters when the rating changed. */
export async function replaceRating(tx: Db, earlier: { id: number; rating: Rating }, rating: NewFeedback): Promise<void> {
  await tx.update(feedback).set(ratingColumns(rating)).where(eq(feedback.id, earlier.id));
  if (earlier.rating !== rating.rating) {
    await bumpCounters(tx, [FEEDBACK_COUNTERS[earlier.rating]], -1);
    await bumpCounters(tx, [FEEDBACK_COUNTERS[rating.rating]], 1);
  }
}

/** The ratings of the given answers, oldest first (feedback_history_idx, migration 2640). */
export async function ratingsOfAnswers(db: Db, historyIds: readonly number[]) {
  if (historyIds.length === 0) return [];
  return db
    .select({ id: feedback.id, historyId: feedback.historyId, rating: feedback.rating, reason: feedback.reason, userFeedback: feedback.userFeedback })
    .from(feedback)
    .where(inArray(feedback.historyId, [...historyIds]))
    .orderBy(asc(feedback.id));
}
