import { desc, eq, sql } from 'drizzle-orm';
import type { RatingFilter } from '@steward/contract/feedback';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';
import { countedPage, counterValue } from '../../lib/list-counters.ts';
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

export interface FeedbackRecord {
  id: number;
  sessionId: string;
  userMessage: string;
  apiResponse: string;
  rating: 'up' | 'down';
  reason: unknown;
  userFeedback: string;
  userIp: string;
  country: string;
  time: Date;
}

const feedbackList = (rating: RatingFilter): AnchoredList => ({
  name: `feedback:${rating}`,
  table: sql`feedback`,
  filter: rating === '' ? undefined : sql`rating = ${rating}`,
  counter: feedbackCounterFor(rating),
});

/**
 * One page of feedback under a rating filter, newest first, with its list's counter, in one statement.
 * The page's ids come from the (time desc, id desc) or (rating, time desc, id desc) index alone, sought
 * from the nearest page anchor; only those ids are then read whole.
 */
export async function findFeedbackPage(
  db: Db,
  anchors: PageAnchors,
  rating: RatingFilter,
  pageIndex: number,
  pageSize: number,
): Promise<{ records: FeedbackRecord[]; totalCount: number }> {
  const list = feedbackList(rating);
  const ids = await anchors.pageIdsQuery(db, list, pageIndex * pageSize, pageSize);
  const rows = await db
    .select({ ...shownColumns, totalCount: counterValue(list.counter) })
    .from(feedback)
    .where(sql`${feedback.id} IN (${ids})`)
    .orderBy(desc(feedback.time), desc(feedback.id));
  return countedPage(rows);
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}
