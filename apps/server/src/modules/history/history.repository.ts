import { sql } from 'drizzle-orm';
import type { BotMessageRequest } from '@steward/contract/bot';
import type { Db } from '../../db/client.ts';
import { aliasedColumns, jsonArrayOf, type JsonRecord, parseJsonRows } from '../../db/json-rows.ts';
import { history } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { AnchoredList, PageAnchors } from '../../lib/page-anchors.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from './history.counters.ts';

/** The columns a history row shows; the search vector stays in the database. steward_history_page answers the same (migration-pins.test.ts). */
export const shownColumns = {
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

export type HistoryRecord = Omit<JsonRecord<typeof shownColumns>, 'time'> & { time: Date };

const SHOWN = aliasedColumns(shownColumns);
const OLDEST_FIRST = sql`r.time, r.id`;

const toRecord = (row: JsonRecord<typeof shownColumns>): HistoryRecord => ({ ...row, time: new Date(row.time) });

/** The history list for page anchors: all rows, counted by the `history` counter. */
export const historyList: AnchoredList = {
  name: 'history',
  table: sql`history`,
  filter: undefined,
  counter: HISTORY_COUNTER,
  pageFunction: { name: 'steward_history_page', filter: false },
};
/** Only the coverage gaps, read over their partial index (migration 0800). */
const coverageGapList: AnchoredList = {
  name: 'history:coverage_gap',
  table: sql`history`,
  filter: sql`coverage_gap`,
  counter: COVERAGE_GAP_COUNTER,
  pageFunction: { name: 'steward_history_page', filter: true },
};

/**
 * One page of history, newest first, with its list's counter, in one statement (steward_history_page,
 * migration 1300, whose columns are `shownColumns`): the page's ids come from the (time desc, id desc)
 * index alone, sought from the nearest page anchor; only those rows are then read whole.
 */
export async function findHistoryPage(
  db: Db,
  anchors: PageAnchors,
  page: { pageIndex: number; pageSize: number; coverageGapsOnly: boolean },
): Promise<{ records: HistoryRecord[]; totalCount: number }> {
  const list = page.coverageGapsOnly ? coverageGapList : historyList;
  const { rows, totalCount } = await anchors.readPage<JsonRecord<typeof shownColumns>>(db, list, page.pageIndex * page.pageSize, page.pageSize);
  return { records: rows.map(toRecord), totalCount };
}

/** Every exchange of one chat session, oldest first. */
export async function findSessionHistory(db: Db, sessionId: string): Promise<HistoryRecord[]> {
  const [answer] = await sqlRows<{ rows: string }>(
    db,
    sql`SELECT ${jsonArrayOf(sql`SELECT ${SHOWN} FROM history WHERE ${history.sessionId} = ${sessionId}`, OLDEST_FIRST)} AS rows`,
  );
  return parseJsonRows<JsonRecord<typeof shownColumns>>(answer?.rows).map(toRecord);
}

export interface NewChatMessage extends Omit<BotMessageRequest, 'time' | 'country'> {
  time: Date;
  country: string;
  /** The answer was "I don't know" (the public chat's own answers; the bot API never sets it). */
  coverage_gap?: boolean;
}

/** Inserts one exchange; recordExchange (history.actions.ts) keeps its session, counters and statistics with it. */
export async function insertHistoryRow(tx: Db, message: NewChatMessage): Promise<{ id: number; sessionId: string; time: Date }> {
  const [row] = await tx
    .insert(history)
    .values({
      sessionId: message.session_id,
      userMessage: message.user_message,
      apiResponse: message.api_response,
      sourceDocs: message.source_docs ?? [],
      origin: message.origin ?? null,
      account: message.account ?? null,
      time: message.time,
      country: message.country,
      userIp: message.user_ip ?? '',
      coverageGap: message.coverage_gap ?? false,
    })
    .returning({ id: history.id, sessionId: history.sessionId, time: history.time });
  if (!row) throw new Error('The history row was not stored.');
  return row;
}
