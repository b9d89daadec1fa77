import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { FEEDBACK_COUNTERS } from '../feedback/feedback.counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { HISTORY_COUNTER } from '../history/history.counters.ts';
import { FIRST_WALK_ROWS, leastFoundToWalkOn, SECOND_WALK_ROWS_PER_FOUND } from './count-plan.ts';

export interface Found<Row> {
  rows: Row[];
  totalCount: number;
}

export interface Window {
  limit: number;
  offset: number;
  /** Matches are counted up to here (SEARCH_COUNT_CAP or TOP_BAR_COUNT_CAP). */
  countCap: number;
}

/** A searched table: its name, its rows (from its list counter), and the columns of a hit, by key, from alias `t`. */
export interface SearchedTable {
  name: SQL;
  rows: number;
  hit: Record<string, SQL>;
}

export const matches = (tsQuery: string): SQL => sql`search @@ to_tsquery('steward_search', ${tsQuery})`;

/**
 * A window of the newest rows matching `condition`, and their number up to the window's count cap, in one
 * statement. Which plan is fast depends on how many rows match, which the planner cannot know for a search,
 * so the statement finds out as it goes (count-plan.ts):
 * - it reads the newest FIRST_WALK_ROWS rows along the (time, id) index, stopping at cap + 1 matches: a
 *   common word gets there at once, and those are its newest matches too;
 * - a word found there, but less often, is walked on along the newest rows when that costs less than
 *   counting its rows from the GIN index (leastFoundToWalkOn), up to three times the rows the cap should take;
 * - otherwise, or when that walk ends first, the word is rare: its rows come from the GIN (or trigram)
 *   index, counted and sorted, in a branch that does not run otherwise.
 * A window past the walk's matches (a deep page of a common word) is read along the time index.
 */
async function newestMatches<Row>(db: Db, table: SearchedTable, condition: SQL, window: Window): Promise<Found<Row>> {
  type Answer = Row & { matching: number; found_id: number | null; found_time: string | null };
  const answer = await sqlRows<Answer>(db, newestMatchesQuery(table, condition, window));
  const rows = answer.filter((row) => row.found_id !== null).map(({ matching: _matching, found_id: _id, found_time: _time, ...hit }) => hit as Row);
  return { rows, totalCount: Math.min(answer[0]?.matching ?? 0, window.countCap) };
}

/**
 * newestMatches' statement: the window's hits, each with `matching` (the matches up to the cap + 1) and
 * its `found_id`; a window with no hits is one row of `matching` with a null `found_id`. (Hits as plain
 * rows: building them as one JSON array cost more than the search itself.)
 */
export function newestMatchesQuery(table: SearchedTable, condition: SQL, window: Window): SQL {
  const { limit, offset, countCap } = window;
  const windowInWalk = offset + limit <= countCap + 1;
  const hit = sql.join(
    Object.entries(table.hit).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
    sql`, `,
  );
  const newestMatching = (rows: SQL) => sql`
    SELECT id, time FROM (SELECT * FROM ${table.name} ORDER BY time DESC, id DESC LIMIT ${rows}) walked
    WHERE ${condition} LIMIT ${countCap + 1}`;
  return sql`
    WITH first_walk AS MATERIALIZED (${newestMatching(sql`${FIRST_WALK_ROWS}`)}),
    first_count AS (SELECT count(*)::float8 AS found FROM first_walk),
    walk_on AS (
      SELECT CASE WHEN found <= ${countCap} AND found > ${leastFoundToWalkOn(countCap, table.rows)}
                  THEN ceil(${SECOND_WALK_ROWS_PER_FOUND * (countCap + 1)} / found)::bigint ELSE 0 END AS rows
      FROM first_count
    ),
    second_walk AS MATERIALIZED (${newestMatching(sql`(SELECT rows FROM walk_on)`)}),
    newest AS (
      SELECT id, time FROM first_walk WHERE (SELECT found FROM first_count) > ${countCap}
      UNION ALL
      SELECT id, time FROM second_walk
    ),
    plan AS (SELECT count(*) > ${countCap} AS common FROM newest),
    from_index AS MATERIALIZED (
      SELECT id, time FROM ${table.name} WHERE ${condition} AND NOT (SELECT common FROM plan)
    ),
    found AS (
      (SELECT id, time FROM newest WHERE ${windowInWalk} AND (SELECT common FROM plan)
       ORDER BY time DESC, id DESC LIMIT ${offset + limit})
      UNION ALL
      (SELECT id, time FROM ${table.name} WHERE ${condition} AND ${!windowInWalk} AND (SELECT common FROM plan)
       ORDER BY time DESC, id DESC LIMIT ${offset + limit})
      UNION ALL
      (SELECT id, time FROM from_index ORDER BY time DESC, id DESC LIMIT ${offset + limit})
    )
    SELECT counted.matching, shown.* FROM (
      SELECT (CASE WHEN (SELECT common FROM plan) THEN ${countCap + 1} ELSE (SELECT count(*) FROM from_index) END)::int AS matching
    ) counted
    LEFT JOIN LATERAL (
      SELECT ${hit}, found.id AS found_id, found.time AS found_time
      FROM found JOIN ${table.name} t ON t.id = found.id
      ORDER BY found.time DESC, found.id DESC LIMIT ${limit} OFFSET ${offset}
    ) shown ON true
    ORDER BY shown.found_time DESC, shown.found_id DESC`;
}

/** The rows of each searched table, from the list counters, for the length of each search's walk. */
export interface TableRows {
  history: number;
  feedback: number;
  helpRequests: number;
}

export async function readTableRows(db: Db): Promise<TableRows> {
  const names = [HISTORY_COUNTER, FEEDBACK_COUNTERS.all, HELP_REQUEST_COUNTERS.all];
  const rows = await sqlRows<{ name: string; count: number | string }>(db, sql`SELECT name, count FROM list_counters WHERE name IN (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`);
  const count = (name: string) => Number(rows.find((row) => row.name === name)?.count ?? 0);
  return { history: count(HISTORY_COUNTER), feedback: count(FEEDBACK_COUNTERS.all), helpRequests: count(HELP_REQUEST_COUNTERS.all) };
}

export const searchedHistory = (tableRows: number): SearchedTable => ({
  name: sql`history`,
  rows: tableRows,
  hit: { session_id: sql`t.session_id`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
});

/** Newest first (history). */
export const searchHistory = (db: Db, tableRows: number, tsQuery: string, window: Window): Promise<Found<HistoryHit>> =>
  newestMatches(db, searchedHistory(tableRows), matches(tsQuery), window);

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
export const searchFeedback = (db: Db, tableRows: number, tsQuery: string, window: Window): Promise<Found<FeedbackHit>> =>
  newestMatches(
    db,
    {
      name: sql`feedback`,
      rows: tableRows,
      hit: { id: sql`t.id`, message: sql`t.user_feedback`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
    },
    matches(tsQuery),
    window,
  );

/**
 * By the words of name, email and message, or by fragments of the customer's name or email: the stored
 * contact_folded (both folded, a line each) and its trigram index, no steward_fold call per row read.
 */
export const searchHelpRequests = (db: Db, tableRows: number, tsQuery: string, words: readonly string[], window: Window): Promise<Found<HelpRequestHit>> =>
  newestMatches(
    db,
    { name: sql`help_requests`, rows: tableRows, hit: { id: sql`t.id`, message: sql`t.message` } },
    words.length > 0 ? sql`(${matches(tsQuery)} OR ${everyFragmentIn(words, [sql`contact_folded`])})` : matches(tsQuery),
    window,
  );

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Every word somewhere in one of the folded `columns` (steward_fold or stored folded; trigram-indexed). */
const everyFragmentIn = (words: readonly string[], columns: readonly SQL[]): SQL =>
  sql`(${sql.join(
    words.map((word) => {
      const pattern = sql`steward_fold(${`%${escapeLike(word)}%`})`;
      return sql`(${sql.join(columns.map((column) => sql`${column} LIKE ${pattern}`), sql` OR `)})`;
    }),
    sql` AND `,
  )})`;

/**
 * Staff accounts whose name or email holds every word typed, anywhere, accents and case folded
 * (the trigram indexes on steward_fold(name) and steward_fold(email) serve fragments of 3+ letters).
 */
export async function searchUserAccounts(db: Db, words: readonly string[], window: Window): Promise<Found<UserAccountHit>> {
  if (words.length === 0) return { rows: [], totalCount: 0 };
  const condition = everyFragmentIn(words, [sql`steward_fold(name)`, sql`steward_fold(email)`]);
  const rows = await sqlRows<UserAccountHit & { total_count: number }>(db, sql`
    SELECT id, name, count(*) OVER ()::int AS total_count FROM users WHERE ${condition}
    ORDER BY name, id LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows: rows.map(({ id, name }) => ({ id, name })), totalCount: Math.min(rows[0]?.total_count ?? 0, window.countCap) };
}
