import { desc, eq, type SQL } from 'drizzle-orm';
import type { RatingFilter } from '@steward/contract/feedback';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';

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

/**
 * One page of feedback under a rating filter, newest first. The OFFSET walks the
 * (time desc, id desc) or (rating, time desc, id desc) index only; the page's ids
 * are then joined back to their rows (a deferred join).
 */
export async function findFeedbackPage(
  db: Db,
  rating: RatingFilter,
  pageIndex: number,
  pageSize: number,
): Promise<FeedbackRecord[]> {
  const filter: SQL | undefined = rating === '' ? undefined : eq(feedback.rating, rating);
  const page = db
    .select({ id: feedback.id })
    .from(feedback)
    .where(filter)
    .orderBy(desc(feedback.time), desc(feedback.id))
    .limit(pageSize)
    .offset(pageIndex * pageSize)
    .as('page');
  return db
    .select(shownColumns)
    .from(page)
    .innerJoin(feedback, eq(feedback.id, page.id))
    .orderBy(desc(feedback.time), desc(feedback.id));
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}
