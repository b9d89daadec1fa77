import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * Recomputes the statistics from the raw rows (steward_recount_statistics, migration 1200): the quarter-hour
 * rollup (sessions by chat_sessions.started_at, questions by history.time, up/down ratings by feedback.time
 * + rating), then every quarter's running total. One statement in the statistics writers' turn, so readers
 * see the old statistics or the new ones. Answers the number of quarter hours written.
 *
 * With `since` (a quarter's start), only the quarters from then on are recounted and those before kept as they
 * were counted (steward_recount_statistics_since, migration 2901): the retention deletes the older rows, whose
 * counts the statistics keep (docs/privacy.md).
 */
export async function rebuildStatisticsRollup(db: Db, since?: Date): Promise<number> {
  const rows = await sqlRows<{ quarters: number }>(
    db,
    since === undefined
      ? sql`SELECT steward_recount_statistics() AS quarters`
      : sql`SELECT steward_recount_statistics_since(${since.toISOString()}::timestamptz) AS quarters`,
  );
  return rows[0]?.quarters ?? 0;
}

const QUARTER_MS = 15 * 60_000;

/**
 * The retention deleted exchanges, chat sessions or ratings older than `cutOff` (in the caller's transaction):
 * from the first whole quarter after it on, every row the statistics count is still there. Kept as the latest
 * such quarter of any purge, so a repair never recounts a period whose rows are gone.
 */
export async function noteRowsPurgedBefore(tx: Db, cutOff: Date): Promise<void> {
  const quarter = new Date(Math.ceil(cutOff.getTime() / QUARTER_MS) * QUARTER_MS).toISOString();
  await tx.execute(sql`UPDATE statistics_revision SET rows_complete_since = ${quarter}::timestamptz
    WHERE rows_complete_since IS NULL OR rows_complete_since < ${quarter}::timestamptz`);
}

/** Where a repair starts recounting: the first quarter from which every counted row is stored, or undefined (all of them). */
export async function rowsCompleteSince(db: Db): Promise<Date | undefined> {
  const [row] = await sqlRows<{ since: string | null }>(db, sql`SELECT rows_complete_since AS since FROM statistics_revision`);
  return row?.since ? new Date(row.since) : undefined;
}
