import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BotMessageRequest } from '@steward/contract/bot';
import type { Rating } from '@steward/contract/feedback';
import type { HistoryFilters } from '@steward/contract/list-filters';
import type { Db } from '../../db/client.ts';
import { aliasedColumns, jsonArrayOf, type JsonRecord, parseJsonRows } from '../../db/json-rows.ts';
import { history } from '../../db/schema.ts';
import { bigintArray, textArray } from '../../db/sql-arrays.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { mapBatches } from '../../lib/export-stream.ts';
import { boundedCount, commonConditions, filteredPage, keysetBatches, siteCondition, whereOf } from '../../lib/list-filter-sql.ts';
import { type AnchoredList, type PageAnchors, readAlongside, type WrittenPage } from '../../lib/page-anchors.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from './history.counters.ts';
import { shownWhenStored } from './history.presenter.ts';

/**
 * The columns a history row shows, its badges (migration 3342) with them; the search vector stays in the database.
 * steward_history_page answers the same (migration-pins.test.ts).
 */
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
  rating: history.rating,
  helpRequest: history.helpRequest,
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

/** The same lists, their pages written as History answers them (migration 3720), from the same anchors. */
const shownLists = {
  all: { ...historyList, pageFunction: { name: 'steward_history_shown_page', filter: false, answersText: true } },
  coverageGaps: { ...coverageGapList, pageFunction: { name: 'steward_history_shown_page', filter: true, answersText: true } },
} satisfies Record<string, AnchoredList>;

/** The triage filters (issue 40) but coverage gaps, which the list counters keep. */
export function historyConditions(filters: HistoryFilters): SQL[] {
  const conditions = commonConditions(filters);
  if (filters.coverage_gaps === true) conditions.push(sql`coverage_gap`);
  if (filters.origin !== undefined) conditions.push(siteCondition('origin', filters.origin));
  // The badges the rows carry (migration 3342): a rating filter finds the answers whose latest thumb it is, as their badge shows.
  if (filters.rating !== undefined) conditions.push(sql`history.rating = ${filters.rating}`);
  if (filters.help_request !== undefined) conditions.push(filters.help_request ? sql`history.help_request` : sql`NOT history.help_request`);
  return conditions;
}

/** Only coverage gaps, or nothing: the lists the counters and page functions keep. */
const isCountedList = (filters: HistoryFilters): boolean => historyConditions({ ...filters, coverage_gaps: undefined }).length === 0;

/**
 * One page of history, newest first, with its count. Unfiltered (or coverage gaps only) it is one statement,
 * steward_history_page (migration 1300, whose columns are `shownColumns`): the page's ids come from the
 * (time desc, id desc) index alone, sought from the nearest page anchor; only those rows are then read whole.
 * Under the triage filters the ids come from the fitting index of migration 2610 and the count is bounded.
 */
export async function findHistoryPage(
  db: Db,
  anchors: PageAnchors,
  page: { pageIndex: number; pageSize: number; filters: HistoryFilters; alongside?: SQL },
): Promise<{ records: HistoryRecord[]; totalCount: number; capped: boolean; alongside: unknown }> {
  const skip = page.pageIndex * page.pageSize;
  if (isCountedList(page.filters)) {
    const list = page.filters.coverage_gaps === true ? coverageGapList : historyList;
    const { rows, totalCount, alongside } = await anchors.readPage<JsonRecord<typeof shownColumns>>(db, list, skip, page.pageSize, page.alongside);
    return { records: rows.map(toRecord), totalCount, capped: false, alongside };
  }
  const where = whereOf(historyConditions(page.filters));
  const [rows, count, alongside] = await Promise.all([
    filteredPage<JsonRecord<typeof shownColumns>>(db, sql`history`, SHOWN, where, skip, page.pageSize),
    boundedCount(db, sql`history`, where),
    readAlongside(db, page.alongside),
  ]);
  return { records: rows.map(toRecord), totalCount: count.totalCount, capped: count.capped, alongside };
}

/**
 * One page of history as the contract's rows (historyRow, `total_count` in each) in JSON text, written by the
 * database (steward_history_shown_page, migration 3720) from what each row keeps of how it is shown; the
 * route sends it as it is. Undefined when the page cannot be answered so: under the triage filters (the
 * counted lists only), or when a row of it was not written with what it shows (a row stored before 3720):
 * findHistoryPage then reads it.
 */
export async function findShownHistoryPage(
  db: Db,
  anchors: PageAnchors,
  page: { pageIndex: number; pageSize: number; filters: HistoryFilters; alongside?: SQL },
): Promise<WrittenPage | undefined> {
  if (!isCountedList(page.filters)) return undefined;
  const list = page.filters.coverage_gaps === true ? shownLists.coverageGaps : shownLists.all;
  return anchors.readWrittenPage(db, list, page.pageIndex * page.pageSize, page.pageSize, page.alongside);
}

/** A row's large columns, as an export's batch weighs them (lib/list-filter-sql.ts). */
const HISTORY_ROW_BYTES = sql`octet_length(user_message) + octet_length(api_response) + coalesce(octet_length(origin), 0) + pg_column_size(source_docs) + coalesce(pg_column_size(account), 0)`;

/** The export's rows under the triage filters (coverage gaps too), newest first, a batch at a time. */
export const historyExportBatches = (db: Db, filters: HistoryFilters): AsyncGenerator<HistoryRecord[]> =>
  mapBatches(keysetBatches<JsonRecord<typeof shownColumns>>(db, sql`history`, SHOWN, historyConditions(filters), HISTORY_ROW_BYTES), (batch) => batch.map(toRecord));

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

/**
 * A session's new exchanges and its new help requests take turns (a lock for the transaction): each then sees what
 * the other committed, so an exchange is never left without the help badge by a help request sent at the same time.
 */
const takeSessionHelpTurn = (tx: Db, sessionId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`steward_history_help:${sessionId}`}, 0))`);

/**
 * Inserts one exchange, with the help badge when its session asked for help already; recordExchange
 * (history.actions.ts) keeps its session, counters and statistics with it.
 */
export async function insertHistoryRow(tx: Db, message: NewChatMessage): Promise<{ id: number; sessionId: string; time: Date }> {
  await takeSessionHelpTurn(tx, message.session_id);
  const sourceDocs = message.source_docs ?? [];
  const account = message.account ?? null;
  const [row] = await tx
    .insert(history)
    .values({
      sessionId: message.session_id,
      userMessage: message.user_message,
      apiResponse: message.api_response,
      sourceDocs,
      origin: message.origin ?? null,
      account,
      ...shownWhenStored({ sourceDocs, account, time: message.time }),
      time: message.time,
      country: message.country,
      userIp: message.user_ip ?? '',
      coverageGap: message.coverage_gap ?? false,
      helpRequest: sql`EXISTS (SELECT 1 FROM help_requests r WHERE r.session_id = ${message.session_id})`,
    })
    .returning({ id: history.id, sessionId: history.sessionId, time: history.time });
  if (!row) throw new Error('The history row was not stored.');
  return row;
}

/** The latest thumb of an exchange is this one (a rating stored or replaced in place; feedback.actions.ts). */
export async function setLatestRating(tx: Db, historyId: number, rating: Rating): Promise<void> {
  await tx.update(history).set({ rating }).where(eq(history.id, historyId));
}

/** These exchanges' thumbs read again from the ratings left (after ratings were deleted: the retention, an erasure). */
export async function recountRatings(tx: Db, historyIds: readonly number[]): Promise<void> {
  if (historyIds.length === 0) return;
  await tx.execute(sql`UPDATE history h
    SET rating = (SELECT f.rating FROM feedback f WHERE f.history_id = h.id ORDER BY f.id DESC LIMIT 1)
    WHERE h.id = ANY(${bigintArray(historyIds)})`);
}

/** The session asked for help: every exchange of it shows the badge (help-requests.actions.ts). */
export async function markSessionHelped(tx: Db, sessionId: string): Promise<void> {
  await takeSessionHelpTurn(tx, sessionId);
  await tx.update(history).set({ helpRequest: true }).where(and(eq(history.sessionId, sessionId), eq(history.helpRequest, false)));
}

/** These sessions' help badges read again from the help requests left (after help requests were deleted). */
export async function recountHelpRequests(tx: Db, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(sql`UPDATE history h
    SET help_request = EXISTS (SELECT 1 FROM help_requests r WHERE r.session_id = h.session_id)
    WHERE h.session_id = ANY(${textArray(sessionIds)}) AND h.help_request`);
}
