import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type FeedbackHit, type HelpRequestHit, type HistoryHit, type UserAccountHit } from '@steward/contract/search';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface Found<Row> {
  rows: Row[];
  totalCount: number;
}

export interface Window {
  limit: number;
  offset: number;
}

const matches = (tsQuery: string): SQL => sql`search @@ to_tsquery('steward_search', ${tsQuery})`;

/**
 * Counts matching rows up to SEARCH_COUNT_CAP: a common word at a million rows would otherwise
 * be counted row by row on every keystroke.
 */
async function cappedCount(db: Db, table: SQL, condition: SQL): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE ${condition} LIMIT ${SEARCH_COUNT_CAP}) capped`);
  return row?.n ?? 0;
}

/**
 * Newest first. With the GIN index on the stored tsvector and the (time, id) index, PostgreSQL
 * either collects a rare word's few rows from the GIN index, or walks the newest rows until it has
 * found enough of a common one: both stay in milliseconds at a million rows (see the benchmark).
 */
export async function searchHistory(db: Db, tsQuery: string, window: Window): Promise<Found<HistoryHit>> {
  const condition = matches(tsQuery);
  const rows = await sqlRows<HistoryHit>(db, sql`
    SELECT session_id, user_message, api_response FROM history WHERE ${condition}
    ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows, totalCount: await cappedCount(db, sql`history`, condition) };
}

/** `message` is the customer's own feedback text; the exchange it rates comes with it. */
export async function searchFeedback(db: Db, tsQuery: string, window: Window): Promise<Found<FeedbackHit>> {
  const condition = matches(tsQuery);
  const rows = await sqlRows<FeedbackHit>(db, sql`
    SELECT id, user_feedback AS message, user_message, api_response FROM feedback WHERE ${condition}
    ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows, totalCount: await cappedCount(db, sql`feedback`, condition) };
}

/** By the words of name, email and message, or by fragments of the customer's name or email. */
export async function searchHelpRequests(db: Db, tsQuery: string, words: readonly string[], window: Window): Promise<Found<HelpRequestHit>> {
  const condition = words.length > 0 ? sql`(${matches(tsQuery)} OR ${fragmentsOfNameOrEmail(words)})` : matches(tsQuery);
  const rows = await sqlRows<HelpRequestHit>(db, sql`
    SELECT id, message FROM help_requests WHERE ${condition}
    ORDER BY time DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows, totalCount: await cappedCount(db, sql`help_requests`, condition) };
}

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
  const rows = await sqlRows<UserAccountHit>(db, sql`
    SELECT id, name FROM users WHERE ${condition} ORDER BY name, id LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { rows, totalCount: await cappedCount(db, sql`users`, condition) };
}
