import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface RollupDelta {
  sessions?: number;
  questions?: number;
  upRatings?: number;
  downRatings?: number;
}

const QUARTER_HOUR = 900_000;

/** The UTC quarter hour a moment falls in: the rollup's key. */
export const utcQuarterOf = (time: Date): Date => new Date(Math.floor(time.getTime() / QUARTER_HOUR) * QUARTER_HOUR);

/**
 * Adds to the statistics of the quarter hour `time` falls in, and keeps the running totals true
 * (steward_count_statistics, migration 1200): one statement on every message the bot records. Call it in
 * the same transaction as the rows it counts (history, chat sessions, feedback). It waits for the other
 * statistics writers' transactions, so take it after the rows' own locks, as every writer does.
 */
export async function bumpStatisticsRollup(db: Db, time: Date, delta: RollupDelta): Promise<void> {
  const values = [delta.sessions ?? 0, delta.questions ?? 0, delta.upRatings ?? 0, delta.downRatings ?? 0];
  if (values.every((value) => value === 0)) return;
  await db.execute(
    sql`SELECT steward_count_statistics(${utcQuarterOf(time).toISOString()}::timestamptz, ${sql.join(
      values.map((value) => sql`${value}::int`),
      sql`, `,
    )})`,
  );
}
