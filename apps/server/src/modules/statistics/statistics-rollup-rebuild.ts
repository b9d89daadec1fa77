import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * Recomputes the statistics from the raw rows (steward_recount_statistics, migration 1200): the quarter-hour
 * rollup (sessions by chat_sessions.started_at, questions by history.time, up/down ratings by feedback.time
 * + rating), then every quarter's running total. One statement in the statistics writers' turn, so readers
 * see the old statistics or the new ones. Answers the number of quarter hours written.
 */
export async function rebuildStatisticsRollup(db: Db): Promise<number> {
  const rows = await sqlRows<{ quarters: number }>(db, sql`SELECT steward_recount_statistics() AS quarters`);
  return rows[0]?.quarters ?? 0;
}
