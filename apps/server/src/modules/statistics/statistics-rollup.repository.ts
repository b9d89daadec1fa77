import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HOUR, ROLLUP_UNITS, type RollupUnit } from './statistics-rollup-units.ts';

export interface RollupDelta {
  sessions?: number;
  questions?: number;
  upRatings?: number;
  downRatings?: number;
}

/** The UTC hour a moment falls in: the hourly rollup's key. */
export const utcHourOf = (time: Date): Date => new Date(HOUR.floor(time.getTime()));

/**
 * Adds to the quarter-hourly, hourly, daily and monthly statistics `time` falls in, in one statement
 * (four upserts as data-modifying CTEs: one round trip on every message the bot records). Call it in the
 * same transaction as the rows it counts (history, chat sessions, feedback).
 */
export async function bumpStatisticsRollup(db: Db, time: Date, delta: RollupDelta): Promise<void> {
  const values = [delta.sessions ?? 0, delta.questions ?? 0, delta.upRatings ?? 0, delta.downRatings ?? 0];
  if (values.every((value) => value === 0)) return;
  const upsert = (unit: RollupUnit): SQL => sql`
    INSERT INTO ${sql.identifier(unit.table)} AS r (${sql.identifier(unit.key)}, sessions, questions, up_ratings, down_ratings)
    VALUES (${new Date(unit.floor(time.getTime())).toISOString()}::timestamptz, ${sql.join(values.map((value) => sql`${value}::int`), sql`, `)})
    ON CONFLICT (${sql.identifier(unit.key)}) DO UPDATE SET
      sessions = r.sessions + EXCLUDED.sessions,
      questions = r.questions + EXCLUDED.questions,
      up_ratings = r.up_ratings + EXCLUDED.up_ratings,
      down_ratings = r.down_ratings + EXCLUDED.down_ratings`;
  const [last, ...others] = [...ROLLUP_UNITS].reverse();
  if (!last) return;
  await db.execute(sql`WITH ${sql.join(others.map((unit) => sql`${sql.identifier(`bump_${unit.name}`)} AS (${upsert(unit)})`), sql`, `)} ${upsert(last)}`);
}
