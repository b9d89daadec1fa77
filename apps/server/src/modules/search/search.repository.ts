import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { FEEDBACK_COUNTERS } from '../feedback/feedback.counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { HISTORY_COUNTER } from '../history/history.counters.ts';
import { planCount, PROBE_ROWS } from './count-plan.ts';

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

const matches = (tsQuery: string): SQL => sql`search @@ to_tsquery('steward_search', ${tsQuery})`;

/**
 * A window of the newest rows matching `condition`, and their number up to the window's count cap. Which
 * plan is fast depends on how many rows match, which PostgreSQL cannot estimate for a tsquery (it
 * assumes 0.5 %), so the matches among the newest PROBE_ROWS rows decide (planCount, count-plan.ts):
 * - a common word reaches the cap along the (time, id) index within a few thousand rows, and its rows are
 *   the newest ones walked the same way;
 * - a rare word, a name: the matching rows come from the GIN or trigram index, counted and sorted.
 * Left to itself, the planner walks the time index for a rare word too, reading every row, and may read
 * the whole table for the count of a prefix or of help requests' name-or-words condition: the index count
 * and a rare word's rows are taken with sequential scans off.
 */
async function newestMatches<Row>(
  db: Db,
  table: { name: SQL; counter: string },
  columns: SQL,
  condition: { full: SQL; probe?: SQL },
  window: Window,
): Promise<Found<Row>> {
  const { countCap } = window;
  const fromIndexes = await db.transaction(async (tx) => {
    const matching = await countMatches(tx, table, condition, countCap);
    if (matching === 0 || window.offset >= matching || matching > countCap) return { matching, rows: undefined };
    // The count must come from the indexes: for a LIMIT the planner may prefer reading the whole table.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const rows = await sqlRows<Row>(tx, sql`
      WITH found AS MATERIALIZED (SELECT id FROM ${table.name} WHERE ${condition.full})
      SELECT ${columns} FROM ${table.name} WHERE id IN (SELECT id FROM found)
      ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
    return { matching, rows };
  });
  const { matching } = fromIndexes;
  const rows =
    fromIndexes.rows ??
    (matching > countCap && window.offset < matching
      ? await sqlRows<Row>(db, sql`
          SELECT ${columns} FROM ${table.name} WHERE ${condition.full}
          ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`)
      : []);
  return { rows, totalCount: Math.min(matching, countCap) };
}

/**
 * The matches up to countCap + 1 (more than the cap: countCap + 1), counted where it costs least. The
 * newest rows are read with `condition.probe` when given: a cheaper part of the condition (rows matching
 * it match the whole), so more than the cap found with it are more than the cap of the whole.
 */
async function countMatches(tx: Db, table: { name: SQL; counter: string }, condition: { full: SQL; probe?: SQL }, countCap: number): Promise<number> {
  const probe = condition.probe ?? condition.full;
  const newestMatching = async (rows: number) => {
    const [counted] = await sqlRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM (SELECT * FROM ${table.name} ORDER BY time DESC, id DESC LIMIT ${rows}) newest
        WHERE ${probe} LIMIT ${countCap + 1}) capped`);
    return counted?.n ?? 0;
  };
  const sampled = await newestMatching(PROBE_ROWS);
  const plan = planCount({ sampled, probedRows: PROBE_ROWS, tableRows: await readCounter(tx, table.counter), countCap });
  if (plan.kind === 'common') return countCap + 1;
  if (plan.kind === 'walk-newest' && (await newestMatching(plan.rows)) > countCap) return countCap + 1;
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  const [counted] = await sqlRows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table.name} WHERE ${condition.full} LIMIT ${countCap + 1}) capped`);
  return counted?.n ?? 0;
}

/** Newest first (history). */
export const searchHistory = (db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> =>
  newestMatches(db, { name: sql`history`, counter: HISTORY_COUNTER }, sql`session_id, user_message, api_response`, { full: matches(tsQuery) }, window);

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
export const searchFeedback = (db: Db, tsQuery: string, window: Window): Promise<Found<FeedbackHit>> =>
  newestMatches(
    db,
    { name: sql`feedback`, counter: FEEDBACK_COUNTERS.all },
    sql`id, user_feedback AS message, user_message, api_response`,
    { full: matches(tsQuery) },
    window,
  );

/** By the words of name, email and message, or by fragments of the customer's name or email. */
export const searchHelpRequests = (db: Db, tsQuery: string, words: readonly string[], window: Window): Promise<Found<HelpRequestHit>> =>
  newestMatches(
    db,
    { name: sql`help_requests`, counter: HELP_REQUEST_COUNTERS.all },
    sql`id, message`,
    // Folding every newest name and email would cost more than the probe saves: it reads the words alone.
    words.length > 0 ? { full: sql`(${matches(tsQuery)} OR ${fragmentsOfNameOrEmail(words)})`, probe: matches(tsQuery) } : { full: matches(tsQuery) },
    window,
  );

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Every word somewhere in the name or the email, accents and case folded (trigram indexes on steward_fold). */
const fragmentsOfNameOrEmail = (words: readonly string[]): SQL =>
  sql`(${sql.join(
    words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return sql`(steward_fold(name) LIKE steward_fold(${pattern}) OR steward_fold(email) LIKE steward_fold(${pattern}))`;
    }),
    sql` AND `,
  )})`;

/**
 * Staff accounts whose name or email holds every word typed, anywhere, accents and case folded
 * (the trigram indexes on steward_fold(name) and steward_fold(email) serve fragments of 3+ letters).
 */
export async function searchUserAccounts(db: Db, words: readonly string[], window: Window): Promise<Found<UserAccountHit>> {
  if (words.length === 0) return { rows: [], totalCount: 0 };
  const condition = fragmentsOfNameOrEmail(words);
  const rows = await sqlRows<UserAccountHit & { total_count: number }>(db, sql`
    SELECT id, name, count(*) OVER ()::int AS total_count FROM users WHERE ${condition}
    ORDER BY name, id LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows: rows.map(({ id, name }) => ({ id, name })), totalCount: Math.min(rows[0]?.total_count ?? 0, window.countCap) };
}
