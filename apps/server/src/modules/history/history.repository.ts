import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { history } from '../../db/schema.ts';

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
}

/**
 * One page of history, newest first. The OFFSET runs over the (time desc, id desc)
 * index alone and only the page's ids are joined back to their rows (a deferred
 * join), so page 3000 costs about what page 1 does.
 */
export async function findHistoryPage(db: Db, pageIndex: number, pageSize: number): Promise<HistoryRecord[]> {
  const page = db
    .select({ id: history.id })
    .from(history)
    .orderBy(desc(history.time), desc(history.id))
    .limit(pageSize)
    .offset(pageIndex * pageSize)
    .as('page');
  return db
    .select(shownColumns)
    .from(page)
    .innerJoin(history, eq(history.id, page.id))
    .orderBy(desc(history.time), desc(history.id));
}

/** Every exchange of one chat session, oldest first. */
export async function findSessionHistory(db: Db, sessionId: string): Promise<HistoryRecord[]> {
  return db
    .select(shownColumns)
    .from(history)
    .where(eq(history.sessionId, sessionId))
    .orderBy(asc(history.time), asc(history.id));
}
