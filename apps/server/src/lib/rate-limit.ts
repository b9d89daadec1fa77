import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { rateLimits } from '../db/schema.ts';
import { deletedRows } from '../db/deleted-rows.ts';
import { type SqlRow, sqlRows } from '../db/sql-rows.ts';

export interface RateLimitRule {
  /** Hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

type WindowRow = Pick<SqlRow<typeof rateLimits>, 'hits' | 'window_started_at'>;

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included (0 for a peek at no row). */
  hits: number;
  /** Seconds until the window ends (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts a hit against `key` in a fixed window kept in the database, so every
 * app instance sees the same count.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const rows = await sqlRows<WindowRow>(db, sql`
    INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  THEN now() ELSE rate_limits.window_started_at END
    RETURNING hits, window_started_at`);
  const row = rows[0];
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const windowEnds = new Date(row.window_started_at).getTime() + rule.windowSeconds * 1000;
  return {
    allowed: row.hits <= rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
  };
}

/** Reads the state of `key` without counting a hit. */
export async function peekRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const rows = await sqlRows<WindowRow>(db, sql`
    SELECT hits, window_started_at FROM rate_limits
    WHERE key = ${key} AND window_started_at > now() - make_interval(secs => ${rule.windowSeconds})`);
  const row = rows[0];
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const windowEnds = new Date(row.window_started_at).getTime() + rule.windowSeconds * 1000;
  return {
    allowed: row.hits < rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
  };
}

/**
 * Takes back one hit of `key`: a call counted before it was checked (so that calls sent at once cannot all
 * pass) that turned out to succeed, when only failures should count.
 */
export async function forgiveRateLimitHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key}`);
}

/** Forgets the hits of `key`, for example after a successful login. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** "in 5 minutes", "in 30 seconds": for the messages that tell people when to retry. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Rate-limit windows are kept this long: longer than the longest window of any rule (one hour). */
export const RATE_LIMIT_KEPT_HOURS = 24;

/** Deletes windows started longer ago than RATE_LIMIT_KEPT_HOURS (the hourly clean-up runs it); answers how many. */
export const purgeStaleRateLimits = (db: Db): Promise<number> =>
  deletedRows(db, sql`DELETE FROM rate_limits WHERE window_started_at <= now() - make_interval(hours => ${RATE_LIMIT_KEPT_HOURS})`);
