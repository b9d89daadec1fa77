import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { history } from '../../db/schema.ts';
import { countedPage, counterValue } from '../../lib/list-counters.ts';
import type { AnchoredList, PageAnchors } from '../../lib/page-anchors.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from './history.counters.ts';

/** The columns a history row shows; the search vector stays in the database. */
const shownColumns = {
  id: history.id,
  sessionId: history.sessionId,
  userMessage: history.userMessage,
  apiResponse: history.apiResponse,
  sourceDocs: history.sourceDocs,
  origin: history.origin,
  account: history.account,
  time: history.time,
  country: history.country,
  userIp: history.userIp,
  coverageGap: history.coverageGap,
};

export interface HistoryRecord {
  id: number;
  sessionId: string;
  userMessage: string;
  apiResponse: string;
  sourceDocs: unknown[];
  origin: string | null;
  account: unknown;
  time: Date;
  country: string;
  userIp: string;
  coverageGap: boolean;
}

/** The history list for page anchors: all rows, counted by the `history` counter. */
const historyList: AnchoredList = { name: 'history', table: sql`history`, filter: undefined, counter: HISTORY_COUNTER };
/** Only the coverage gaps, read over their partial index (migration 0800). */
const coverageGapList: AnchoredList = {
  name: 'history:coverage_gap',
  table: sql`history`,
  filter: sql`coverage_gap`,
  counter: COVERAGE_GAP_COUNTER,
};

/**
 * One page of history, newest first, with its list's counter, in one statement. The page's ids come
 * from the (time desc, id desc) index alone, sought from the nearest page anchor; only those ids are
 * then read whole.
 */
export async function findHistoryPage(
  db: Db,
  anchors: PageAnchors,
  page: { pageIndex: number; pageSize: number; coverageGapsOnly: boolean },
): Promise<{ records: HistoryRecord[]; totalCount: number }> {
  const list = page.coverageGapsOnly ? coverageGapList : historyList;
  const ids = await anchors.pageIdsQuery(db, list, page.pageIndex * page.pageSize, page.pageSize);
  const rows = await db
    .select({ ...shownColumns, totalCount: counterValue(list.counter) })
    .from(history)
    .where(sql`${history.id} IN (${ids})`)
    .orderBy(desc(history.time), desc(history.id));
  return countedPage(rows);
}

/** Every exchange of one chat session, oldest first. */
export async function findSessionHistory(db: Db, sessionId: string): Promise<HistoryRecord[]> {
  return db
    .select(shownColumns)
    .from(history)
    .where(eq(history.sessionId, sessionId))
    .orderBy(asc(history.time), asc(history.id));
}
