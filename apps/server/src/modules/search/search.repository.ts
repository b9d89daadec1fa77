import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { FEEDBACK_COUNTERS } from '../feedback/feedback.counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { HISTORY_COUNTER } from '../history/history.counters.ts';
import { firstWalkRows, SECOND_WALK_SHARE, walksOn } from './count-plan.ts';

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

/**
 * A searched table: its name, the list counter of its rows (how common a word must be to walk on depends on
 * them), and the columns of a hit, by key, from alias `t`.
 */
export interface SearchedTable {
  name: SQL;
  counter: string;
  hit: Record<string, SQL>;
}

/** A searched table and the prefix of its columns in a statement (empty when the statement is its own). */
interface PrefixedTable {
  prefix: string;
  table: SearchedTable;
}

export const matches = (tsQuery: string): SQL => sql`search @@ to_tsquery('steward_search', ${tsQuery})`;

/**
 * A window of the newest rows matching `condition`, and their number up to the window's count cap, in one
 * statement. Which plan is fast depends on how many rows match, which the planner cannot know for a search,
 * so the statement finds out as it goes (count-plan.ts):
 * - it reads the newest rows along the (time, id) index (firstWalkRows: up to 1,000, fewer in a small
 *   table), stopping at cap + 1 matches: a common word gets there at once, and those are its newest matches too;
 * - a word found there, but less often, is walked on along the newest rows when that costs less than
 *   counting its rows from the GIN index (walksOn), up to three times the rows the cap should take;
 * - otherwise, or when that walk ends first, the word is rare: its rows come from the GIN (or trigram)
 *   index, counted and sorted, in a branch that does not run otherwise.
 * A window past the walk's matches (a deep page of a common word) is read along the time index.
 */
async function newestMatches<Row>(db: Db, table: SearchedTable, condition: SQL, window: Window): Promise<Found<Row>> {
  return foundIn<Row>(await sqlRows<Record<string, unknown>>(db, newestMatchesQuery(table, condition, window)), { table, prefix: '' }, window);
}

/**
 * newestMatches' statement: the window's hits in order, each with `matching` (the matches up to the cap + 1),
 * its `found_id` and its `place` in the window; a window with no hits is one row of `matching` with a null
 * `found_id`. Every column's name starts with `prefix`, so several tables' statements can be joined into one.
 * (Hits as plain rows: building them as one JSON array cost more than the search itself.)
 */
function newestMatchesQuery(table: SearchedTable, condition: SQL, window: Window, prefix = ''): SQL {
  const { limit, offset, countCap } = window;
  // A common word's window: its newest matches from the walks, or past them (a deep page) along the time index.
  const commonWindow = offset + limit <= countCap + 1 ? sql`newest` : sql`(SELECT id, time FROM ${table.name} WHERE ${condition}) deep`;
  const column = (name: string) => sql.identifier(`${prefix}${name}`);
  const hit = sql.join(
    Object.entries(table.hit).map(([key, value]) => sql`${value} AS ${column(key)}`),
    sql`, `,
  );
  const newestMatching = (rows: SQL) => sql`
    SELECT id, time FROM (SELECT * FROM ${table.name} ORDER BY time DESC, id DESC LIMIT ${rows}) walked
    WHERE ${condition} LIMIT ${countCap + 1}`;
  return sql`
    WITH first_plan AS (
      SELECT ${firstWalkRows(countCap, sql`table_rows`)}::float8 AS first_rows, table_rows
      FROM (SELECT (SELECT count FROM list_counters WHERE name = ${table.counter})::float8 AS table_rows) counted
    ),
    first_walk AS MATERIALIZED (${newestMatching(sql`(SELECT first_rows FROM first_plan)::bigint`)}),
    first_count AS (SELECT count(*)::float8 AS found FROM first_walk),
    walk_on AS (
      SELECT CASE WHEN found <= ${countCap} AND ${walksOn(sql`found`, countCap, sql`first_rows`, sql`table_rows`)}
                  THEN ceil(${SECOND_WALK_SHARE * (countCap + 1)} * first_rows / found)::bigint ELSE 0 END AS rows
      FROM first_count, first_plan
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
      (SELECT id, time FROM ${commonWindow} WHERE (SELECT common FROM plan)
       ORDER BY time DESC, id DESC LIMIT ${offset + limit})
      UNION ALL
      (SELECT id, time FROM from_index ORDER BY time DESC, id DESC LIMIT ${offset + limit})
    )
    SELECT counted.matching AS ${column('matching')}, shown.* FROM (
      SELECT (CASE WHEN (SELECT common FROM plan) THEN ${countCap + 1} ELSE (SELECT count(*) FROM from_index) END)::int AS matching
    ) counted
    LEFT JOIN LATERAL (
      SELECT ${hit}, found.id AS ${column('found_id')},
             (row_number() OVER (ORDER BY found.time DESC, found.id DESC) - ${offset})::int AS ${column('place')}
      FROM found JOIN ${table.name} t ON t.id = found.id
      ORDER BY found.time DESC, found.id DESC LIMIT ${limit} OFFSET ${offset}
    ) shown ON true
    ORDER BY ${column('place')}`;
}

/** A table's hits and count, from the rows of its newestMatchesQuery (with the same prefix), which come in place order. */
function foundIn<Row>(answer: readonly Record<string, unknown>[], { table, prefix }: PrefixedTable, window: Window): Found<Row> {
  const keys = Object.keys(table.hit);
  const rows = answer
    .filter((row) => row[`${prefix}found_id`] !== null && row[`${prefix}found_id`] !== undefined)
    .map((row) => Object.fromEntries(keys.map((key) => [key, row[`${prefix}${key}`]])) as Row);
  return { rows, totalCount: Math.min(Number(answer[0]?.[`${prefix}matching`] ?? 0), window.countCap) };
}

const searchedHistory: SearchedTable = {
  name: sql`history`,
  counter: HISTORY_COUNTER,
  hit: { session_id: sql`t.session_id`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
};

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
const searchedFeedback: SearchedTable = {
  name: sql`feedback`,
  counter: FEEDBACK_COUNTERS.all,
  hit: { id: sql`t.id`, message: sql`t.user_feedback`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
};

const searchedHelpRequests: SearchedTable = { name: sql`help_requests`, counter: HELP_REQUEST_COUNTERS.all, hit: { id: sql`t.id`, message: sql`t.message` } };

/** Newest first (history): the search results page. */
export const searchHistory = (db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> =>
  newestMatches(db, searchedHistory, matches(tsQuery), window);

/**
 * Help requests match by the words of name, email and message, or by fragments of the customer's name or
 * email: the stored contact_folded (both folded, a line each) and its trigram index, no steward_fold call per row read.
 */
const helpRequestsMatching = (tsQuery: string, words: readonly string[]): SQL =>
  words.length > 0 ? sql`(${matches(tsQuery)} OR ${everyFragmentIn(words, [sql`contact_folded`])})` : matches(tsQuery);

export interface TopBarFound {
  history: Found<HistoryHit>;
  feedback: Found<FeedbackHit>;
  helpRequests: Found<HelpRequestHit>;
}

const TOP_BAR_PARTS = {
  history: { prefix: 'history_', table: searchedHistory },
  feedback: { prefix: 'feedback_', table: searchedFeedback },
  helpRequests: { prefix: 'help_', table: searchedHelpRequests },
} as const satisfies Record<keyof TopBarFound, PrefixedTable>;

/**
 * The top bar's history, feedback and help requests in one statement: each table's newestMatchesQuery
 * (its columns prefixed) computed once, and their hits set side by side by their place in the window.
 * Two round trips with the session's lookup, where it was five (a statement for each table and one for
 * their counters): on the embedded database each waits its turn on the one database thread.
 */
export async function searchTopBar(db: Db, tsQuery: string, words: readonly string[], window: Window): Promise<TopBarFound> {
  const parts: (PrefixedTable & { condition: SQL })[] = [
    { ...TOP_BAR_PARTS.history, condition: matches(tsQuery) },
    { ...TOP_BAR_PARTS.feedback, condition: matches(tsQuery) },
    { ...TOP_BAR_PARTS.helpRequests, condition: helpRequestsMatching(tsQuery, words) },
  ];
  const answer = await sqlRows<Record<string, unknown>>(db, sql`
    WITH ${sql.join(
      parts.map(({ prefix, table, condition }) => sql`${sql.identifier(`${prefix}part`)} AS MATERIALIZED (${newestMatchesQuery(table, condition, window, prefix)})`),
      sql`, `,
    )}
    SELECT * FROM generate_series(1, ${window.limit}::int) AS slot(place)
    ${sql.join(
      parts.map(({ prefix }) => {
        const part = sql.identifier(`${prefix}part`);
        // A window with no hits is one row without a place, which carries the count: it goes beside the first slot.
        return sql`LEFT JOIN ${part} ON coalesce(${part}.${sql.identifier(`${prefix}place`)}, 1) = slot.place`;
      }),
      sql` `,
    )}
    ORDER BY slot.place`);
  return {
    history: foundIn<HistoryHit>(answer, TOP_BAR_PARTS.history, window),
    feedback: foundIn<FeedbackHit>(answer, TOP_BAR_PARTS.feedback, window),
    helpRequests: foundIn<HelpRequestHit>(answer, TOP_BAR_PARTS.helpRequests, window),
  };
}

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
