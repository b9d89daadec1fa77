import { eq, sql } from 'drizzle-orm';
import type { RatingFilter } from '@steward/contract/feedback';
import type { Db } from '../../db/client.ts';
import { aliasedColumns, type JsonRecord } from '../../db/json-rows.ts';
import { feedback } from '../../db/schema.ts';
import { readCountedPage } from '../../lib/list-counters.ts';
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

const SHOWN = aliasedColumns(shownColumns);

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
  const { rows, totalCount } = await readCountedPage<JsonRecord<typeof shownColumns>>(
    db,
    list.counter,
    sql`SELECT ${SHOWN} FROM (${ids}) page JOIN feedback ON ${feedback.id} = page.id`,
    sql`r.time DESC, r.id DESC`,
  );
  return { records: rows.map((row) => ({ ...row, time: new Date(row.time) })), totalCount };
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const rows = await db.select(shownColumns).from(feedback).where(eq(feedback.id, id)).limit(1);
  return rows[0];
}
