import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { RatingFilter } from '@steward/contract/feedback';
import type { Db } from '../../db/client.ts';
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
 * One page of feedback under a rating filter, newest first. The page's ids come from the
 * (time desc, id desc) or (rating, time desc, id desc) index alone, sought from the nearest
 * page anchor; only those ids are then read whole.
 */
export async function findFeedbackPage(
  db: Db,
  anchors: PageAnchors,
  rating: RatingFilter,
  pageIndex: number,
  pageSize: number,
): Promise<FeedbackRecord[]> {
  const ids = await anchors.pageIds(db, feedbackList(rating), pageIndex * pageSize, pageSize);
  if (ids.length === 0) return [];
  return db.select(shownColumns).from(feedback).where(inArray(feedback.id, ids)).orderBy(desc(feedback.time), desc(feedback.id));
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}
