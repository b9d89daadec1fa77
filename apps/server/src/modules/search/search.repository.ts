import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { BITMAP_ENTRY_IN_ROWS_READ, FIRST_WALK_MOST_ROWS, SECOND_WALK_SHARE } from './count-plan.ts';

/** A group of search hits as the API answers it (the contract's search groups). */
export interface Found<Row> {
  rows: Row[];
  total_count: number;
}

export interface Window {
  limit: number;
  offset: number;
  /** Matches are counted up to here (SEARCH_COUNT_CAP or TOP_BAR_COUNT_CAP). */
  countCap: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A word as a LIKE pattern anywhere in a folded column (steward_fold: accents and case; _ and % as themselves). */
const fragmentPattern = (word: string): SQL => sql`steward_fold(${`%${escapeLike(word)}%`})`;

/**
 * Every word's fragmentPattern, as a text[] for a searched table's function, longest first: the functions
 * read the first fragment through a trigram index and check the others on the rows it finds, and a longer
 * fragment has more trigrams, so fewer rows to check.
 */
const fragmentsOf = (words: readonly string[]): SQL =>
  words.length > 0
    ? sql`ARRAY[${sql.join([...words].sort((a, b) => b.length - a.length).map(fragmentPattern), sql`, `)}]`
    : sql`'{}'::text[]`;

/**
 * A window of the newest rows of one table matching a search, and their number up to the window's count cap,
 * as its hits function answers them (migration 1400, steward_*_hits): a group's JSON. Which plan is fast
 * depends on how many rows match, which the planner cannot know for a search, so the table's function
 * (migration 1100, steward_newest_*) finds out as it goes (count-plan.ts):
 * - it reads the newest rows along the (time, id) index (up to FIRST_WALK_MOST_ROWS, fewer in a small
 *   table), stopping at cap + 1 matches: a common word gets there at once, and those are its newest matches too;
 * - a word found there, but less often, is walked on along the newest rows when that costs less than
 *   counting its rows from the GIN index, up to SECOND_WALK_SHARE times the rows the cap should take;
 * - otherwise, or when that walk ends first, the word is rare: its rows come from the GIN (or trigram)
 *   index, counted and sorted.
 * A window past the walk's matches (a deep page of a common word) is read along the time index.
 * Each step is a static statement of a function, whose generic plan the database keeps (docs/search.md).
 */
const hitsCall = (hitsFunction: string, tsQuery: SQL, words: readonly string[], window: Window): SQL => sql`
  ${sql.identifier(hitsFunction)}(
    ${tsQuery}, ${fragmentsOf(words)}, ${window.countCap}::int, ${window.offset}::int, ${window.limit}::int,
    ${FIRST_WALK_MOST_ROWS}::int, ${BITMAP_ENTRY_IN_ROWS_READ}::float8, ${SECOND_WALK_SHARE}::float8)`;

const searchQuery = (tsQuery: string): SQL => sql`to_tsquery('steward_search', ${tsQuery})`;

/** A group's JSON from its hits function; its keys are the contract's, checked by the route's answer schema. */
function parsedGroup<Row>(json: string | undefined): Found<Row> {
  if (json === undefined) throw new Error('A search hits function answered no row.');
  return JSON.parse(json) as Found<Row>;
}

/** Newest first (history): the search results page. */
export async function searchHistory(db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> {
  const [answer] = await sqlRows<{ history: string }>(db, sql`SELECT ${hitsCall('steward_history_hits', searchQuery(tsQuery), [], window)} AS history`);
  return parsedGroup<HistoryHit>(answer?.history);
}

export interface TopBarFound {
  history: Found<HistoryHit>;
  feedback: Found<FeedbackHit>;
  helpRequests: Found<HelpRequestHit>;
}

/**
 * The top bar's history, feedback and help requests in one statement of three hits functions: two round
 * trips with the session's lookup. Only help requests match by fragments (of the customer's name or email).
 */
export async function searchTopBar(db: Db, tsQuery: string, words: readonly string[], window: Window): Promise<TopBarFound> {
  const [answer] = await sqlRows<{ history: string; feedback: string; help_requests: string }>(db, sql`
    SELECT ${hitsCall('steward_history_hits', sql`q`, [], window)} AS history,
      ${hitsCall('steward_feedback_hits', sql`q`, [], window)} AS feedback,
      ${hitsCall('steward_help_requests_hits', sql`q`, words, window)} AS help_requests
    FROM ${searchQuery(tsQuery)} AS q`);
  return {
    history: parsedGroup<HistoryHit>(answer?.history),
    feedback: parsedGroup<FeedbackHit>(answer?.feedback),
    helpRequests: parsedGroup<HelpRequestHit>(answer?.help_requests),
  };
}

/**
 * Staff accounts whose name or email holds every word typed, anywhere, accents and case folded, by name
 * (steward_user_account_hits, migration 1700: the trigram indexes on steward_fold(name) and
 * steward_fold(email) serve the first word's fragment of 3+ letters).
 */
export async function searchUserAccounts(db: Db, words: readonly string[], window: Window): Promise<Found<UserAccountHit>> {
  if (words.length === 0) return { rows: [], total_count: 0 };
  const [answer] = await sqlRows<{ accounts: string }>(db, sql`
    SELECT steward_user_account_hits(${fragmentsOf(words)}, ${window.countCap}::int, ${window.offset}::int, ${window.limit}::int) AS accounts`);
  return parsedGroup<UserAccountHit>(answer?.accounts);
}
