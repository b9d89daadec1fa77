import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { BITMAP_ENTRY_IN_ROWS_READ, FIRST_WALK_MOST_ROWS, SECOND_WALK_SHARE } from './count-plan.ts';

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
 * A searched table: its name, the database function that finds its newest matches (migration 1100), and
 * the columns of a hit, by key, from alias `t`.
 */
export interface SearchedTable {
  name: SQL;
  newestMatches: SQL;
  hit: Record<string, SQL>;
}

/** A searched table and the prefix of its columns in a statement (empty when the statement is its own). */
interface PrefixedTable {
  prefix: string;
  table: SearchedTable;
}

/** What a search looks for: its words as a query (search-text.ts), and the words as fragments of names and emails. */
interface Sought {
  tsQuery: string;
  words: readonly string[];
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A word as a LIKE pattern anywhere in a folded column (steward_fold: accents and case; _ and % as themselves). */
const fragmentPattern = (word: string): SQL => sql`steward_fold(${`%${escapeLike(word)}%`})`;

/** Every word's fragmentPattern, as a text[] for a searched table's function. */
const fragmentsOf = (words: readonly string[]): SQL =>
  words.length > 0 ? sql`ARRAY[${sql.join(words.map(fragmentPattern), sql`, `)}]` : sql`'{}'::text[]`;

/**
 * A window of the newest rows matching a search, and their number up to the window's count cap, in one
 * statement. Which plan is fast depends on how many rows match, which the planner cannot know for a search,
 * so the table's function (migration 1100, steward_newest_*) finds out as it goes (count-plan.ts):
 * - it reads the newest rows along the (time, id) index (up to FIRST_WALK_MOST_ROWS, fewer in a small
 *   table), stopping at cap + 1 matches: a common word gets there at once, and those are its newest matches too;
 * - a word found there, but less often, is walked on along the newest rows when that costs less than
 *   counting its rows from the GIN index, up to SECOND_WALK_SHARE times the rows the cap should take;
 * - otherwise, or when that walk ends first, the word is rare: its rows come from the GIN (or trigram)
 *   index, counted and sorted.
 * A window past the walk's matches (a deep page of a common word) is read along the time index.
 * Each step is a static statement of the function, whose plan the database keeps: the same steps as one
 * statement of CTEs were planned on every call, ~2 ms of a top-bar search's ~5.5 ms (docs/search.md).
 *
 * The statement's rows are the window's hits in order, each with `matching` (the matches up to the cap + 1),
 * its `found_id` and its `place` in the window; a window with no hits is one row of `matching` with a null
 * `found_id`. Every column's name starts with `prefix`, so several tables' statements can be joined into one.
 */
function newestMatchesQuery(table: SearchedTable, sought: Sought, window: Window, prefix = ''): SQL {
  const column = (name: string) => sql.identifier(`${prefix}${name}`);
  const hit = sql.join(
    Object.entries(table.hit).map(([key, value]) => sql`${value} AS ${column(key)}`),
    sql`, `,
  );
  return sql`
    SELECT p.matching AS ${column('matching')}, ${hit}, p.id AS ${column('found_id')}, p.place AS ${column('place')}
    FROM ${table.newestMatches}(
      to_tsquery('steward_search', ${sought.tsQuery}), ${fragmentsOf(sought.words)},
      ${window.countCap}::int, ${window.offset}::int, ${window.limit}::int,
      ${FIRST_WALK_MOST_ROWS}::int, ${BITMAP_ENTRY_IN_ROWS_READ}::float8, ${SECOND_WALK_SHARE}::float8) p
    LEFT JOIN ${table.name} t ON t.id = p.id
    ORDER BY p.place`;
}

async function newestMatches<Row>(db: Db, table: SearchedTable, sought: Sought, window: Window): Promise<Found<Row>> {
  return foundIn<Row>(await sqlRows<Record<string, unknown>>(db, newestMatchesQuery(table, sought, window)), { table, prefix: '' }, window);
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
  newestMatches: sql`steward_newest_history`,
  hit: { session_id: sql`t.session_id`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
};

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
const searchedFeedback: SearchedTable = {
  name: sql`feedback`,
  newestMatches: sql`steward_newest_feedback`,
  hit: { id: sql`t.id`, message: sql`t.user_feedback`, user_message: sql`t.user_message`, api_response: sql`t.api_response` },
};

/** Help requests also match by fragments of the customer's name or email (contact_folded, trigram-indexed). */
const searchedHelpRequests: SearchedTable = { name: sql`help_requests`, newestMatches: sql`steward_newest_help_requests`, hit: { id: sql`t.id`, message: sql`t.message` } };

/** Newest first (history): the search results page. */
export const searchHistory = (db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> =>
  newestMatches(db, searchedHistory, { tsQuery, words: [] }, window);

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
  // Only help requests match by fragments (of the customer's name or email).
  const parts: (PrefixedTable & { sought: Sought })[] = [
    { ...TOP_BAR_PARTS.history, sought: { tsQuery, words: [] } },
    { ...TOP_BAR_PARTS.feedback, sought: { tsQuery, words: [] } },
    { ...TOP_BAR_PARTS.helpRequests, sought: { tsQuery, words } },
  ];
  const answer = await sqlRows<Record<string, unknown>>(db, sql`
    WITH ${sql.join(
      parts.map(({ prefix, table, sought }) => sql`${sql.identifier(`${prefix}part`)} AS MATERIALIZED (${newestMatchesQuery(table, sought, window, prefix)})`),
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

/** Every word somewhere in one of the folded `columns` (steward_fold or stored folded; trigram-indexed). */
const everyFragmentIn = (words: readonly string[], columns: readonly SQL[]): SQL =>
  sql`(${sql.join(
    words.map((word) => sql`(${sql.join(columns.map((column) => sql`${column} LIKE ${fragmentPattern(word)}`), sql` OR `)})`),
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
