import { type SQL, sql } from 'drizzle-orm';
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
import { type AnchoredList, type PageAnchors, readAlongside } from '../../lib/page-anchors.ts';
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

/** The triage filters (issue 40) but coverage gaps, which the list counters keep. */
export function historyConditions(filters: HistoryFilters): SQL[] {
  const conditions = commonConditions(filters);
  if (filters.coverage_gaps === true) conditions.push(sql`coverage_gap`);
  if (filters.origin !== undefined) conditions.push(siteCondition('origin', filters.origin));
  if (filters.rating !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM feedback f WHERE f.history_id = history.id AND f.rating = ${filters.rating})`);
  }
  if (filters.help_request !== undefined) {
    const exists = sql`EXISTS (SELECT 1 FROM help_requests r WHERE r.session_id = history.session_id)`;
    conditions.push(filters.help_request ? exists : sql`NOT ${exists}`);
  }
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
): Promise<{ records: HistoryRecord[]; badges: HistoryBadges; totalCount: number; capped: boolean; alongside: unknown }> {
  const skip = page.pageIndex * page.pageSize;
  if (isCountedList(page.filters)) {
    const list = page.filters.coverage_gaps === true ? coverageGapList : historyList;
    const { rows, totalCount, alongside } = await anchors.readPage<BadgedRow>(db, list, skip, page.pageSize, page.alongside);
    return { records: rows.map(toRecord), badges: badgesOfRows(rows), totalCount, capped: false, alongside };
  }
  const where = whereOf(historyConditions(page.filters));
  const [rows, count, alongside] = await Promise.all([
    filteredPage<JsonRecord<typeof shownColumns>>(db, sql`history`, SHOWN, where, skip, page.pageSize),
    boundedCount(db, sql`history`, where),
    readAlongside(db, page.alongside),
  ]);
  const records = rows.map(toRecord);
  return { records, badges: await findHistoryBadges(db, records), totalCount: count.totalCount, capped: count.capped, alongside };
}

/** A row of steward_history_page (migration 3340): the shown columns and the row's badges. */
type BadgedRow = JsonRecord<typeof shownColumns> & { rating: Rating | null; helpRequest: boolean };
/** The badges' keys in steward_history_page's rows (migration-pins.test.ts). */
export const HISTORY_PAGE_BADGE_KEYS = ['rating', 'helpRequest'] as const satisfies readonly (keyof BadgedRow)[];

function badgesOfRows(rows: readonly BadgedRow[]): HistoryBadges {
  const badges: HistoryBadges = { ratings: new Map(), sessionsWithHelpRequests: new Set() };
  for (const row of rows) {
    if (row.rating !== null) badges.ratings.set(row.id, row.rating);
    if (row.helpRequest) badges.sessionsWithHelpRequests.add(row.sessionId);
  }
  return badges;
}

/** A row's large columns, as an export's batch weighs them (lib/list-filter-sql.ts). */
const HISTORY_ROW_BYTES = sql`octet_length(user_message) + octet_length(api_response) + coalesce(octet_length(origin), 0) + pg_column_size(source_docs) + coalesce(pg_column_size(account), 0)`;

/** The export's rows under the triage filters (coverage gaps too), newest first, a batch at a time. */
export const historyExportBatches = (db: Db, filters: HistoryFilters): AsyncGenerator<HistoryRecord[]> =>
  mapBatches(keysetBatches<JsonRecord<typeof shownColumns>>(db, sql`history`, SHOWN, historyConditions(filters), HISTORY_ROW_BYTES), (batch) => batch.map(toRecord));

/** What History's badges say of each exchange (issue 40): its latest thumb, and whether its session asked for help. */
export interface HistoryBadges {
  ratings: Map<number, Rating>;
  sessionsWithHelpRequests: Set<string>;
}

export async function findHistoryBadges(db: Db, records: readonly Pick<HistoryRecord, 'id' | 'sessionId'>[]): Promise<HistoryBadges> {
  if (records.length === 0) return { ratings: new Map(), sessionsWithHelpRequests: new Set() };
  const [row] = await sqlRows<{ ratings: string; helped: string }>(
    db,
    sql`SELECT ratings, helped FROM steward_history_badges(${bigintArray(records.map((record) => record.id))}, ${textArray([...new Set(records.map((record) => record.sessionId))])})`,
  );
  const ratings = JSON.parse(row?.ratings ?? '{}') as Record<string, Rating>;
  return {
    ratings: new Map(Object.entries(ratings).map(([id, rating]) => [Number(id), rating])),
    sessionsWithHelpRequests: new Set(JSON.parse(row?.helped ?? '[]') as string[]),
  };
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
