import { eq, sql } from 'drizzle-orm';
import type { RatingFilter } from '@steward/contract/feedback';
import type { Db } from '../../db/client.ts';
import type { JsonRecord } from '../../db/json-rows.ts';
import { feedback } from '../../db/schema.ts';
import type { AnchoredList, PageAnchors } from '../../lib/page-anchors.ts';
import { feedbackCounterFor } from './feedback.counters.ts';

/** The columns a feedback row shows; the search vector stays in the database. */
const shownColumns = {
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

/**
 * One page of feedback under a rating filter, newest first, with its list's counter, in one statement
 * (steward_feedback_page, migration 1300, whose columns are `shownColumns`). The page's ids come from the
 * (time desc, id desc) or (rating, time desc, id desc) index alone, sought from the nearest page anchor;
 * only those rows are then read whole.
 */
export async function findFeedbackPage(
  db: Db,
  anchors: PageAnchors,
  rating: RatingFilter,
  pageIndex: number,
  pageSize: number,
): Promise<{ records: FeedbackRecord[]; totalCount: number }> {
  const { rows, totalCount } = await anchors.readPage<JsonRecord<typeof shownColumns>>(db, feedbackList(rating), pageIndex * pageSize, pageSize);
  return { records: rows.map((row) => ({ ...row, time: new Date(row.time) })), totalCount };
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}
