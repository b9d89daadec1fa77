import { type SQL, sql } from 'drizzle-orm';
import { type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

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
 * assumes 0.5 %), so the count decides:
 * - up to the cap (a rare word, a name): the matching rows come from the GIN index and are sorted;
 * - more (a common word): the newest rows are walked by the (time, id) index until enough match.
 * Left to itself, the planner walks the time index for a rare word too, reading every row, and may
 * read the whole table for the count of a prefix or of help requests' name-or-words condition: the
 * count and a rare word's rows are taken with sequential scans off, so they come from the GIN and
 * trigram indexes.
 */
async function newestMatches<Row>(db: Db, table: SQL, columns: SQL, condition: SQL, window: Window): Promise<Found<Row>> {
  const fromIndexes = await db.transaction(async (tx) => {
    // The count must come from the indexes: for a LIMIT the planner may prefer reading the whole table.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const [counted] = await sqlRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE ${condition} LIMIT ${window.countCap + 1}) capped`);
    const matching = counted?.n ?? 0;
    if (matching === 0 || window.offset >= matching || matching > window.countCap) return { matching, rows: undefined };
    const rows = await sqlRows<Row>(tx, sql`
      WITH found AS MATERIALIZED (SELECT id FROM ${table} WHERE ${condition})
      SELECT ${columns} FROM ${table} WHERE id IN (SELECT id FROM found)
      ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
    return { matching, rows };
  });
  const { matching } = fromIndexes;
  const rows =
    fromIndexes.rows ??
    (matching > window.countCap && window.offset < matching
      ? await sqlRows<Row>(db, sql`
          SELECT ${columns} FROM ${table} WHERE ${condition}
          ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`)
      : []);
  return { rows, totalCount: Math.min(matching, window.countCap) };
}

/** Newest first (history). */
export const searchHistory = (db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> =>
  newestMatches(db, sql`history`, sql`session_id, user_message, api_response`, matches(tsQuery), window);

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
export const searchFeedback = (db: Db, tsQuery: string, window: Window): Promise<Found<FeedbackHit>> =>
  newestMatches(db, sql`feedback`, sql`id, user_feedback AS message, user_message, api_response`, matches(tsQuery), window);

/** By the words of name, email and message, or by fragments of the customer's name or email. */
export const searchHelpRequests = (db: Db, tsQuery: string, words: readonly string[], window: Window): Promise<Found<HelpRequestHit>> =>
  newestMatches(
    db,
    sql`help_requests`,
    sql`id, message`,
    words.length > 0 ? sql`(${matches(tsQuery)} OR ${fragmentsOfNameOrEmail(words)})` : matches(tsQuery),
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
