import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statisticsRollup, statisticsRollupDaily, statisticsRollupQuarter } from '../../db/schema.ts';

export interface RollupDelta {
  sessions?: number;
  questions?: number;
  upRatings?: number;
  downRatings?: number;
}

/** The UTC hour a moment falls in: the rollup's key. */
export const utcHourOf = (time: Date): Date => {
  const hour = new Date(time);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
};

/** The UTC quarter hour a moment falls in: the quarter rollup's key. */
export const utcQuarterOf = (time: Date): Date => new Date(Math.floor(time.getTime() / 900_000) * 900_000);

/** The UTC day a moment falls in: the daily rollup's key. */
export const utcDayOf = (time: Date): Date => {
  const day = new Date(time);
  day.setUTCHours(0, 0, 0, 0);
  return day;
};

/**
 * Adds to the quarter-hourly, hourly and daily statistics of the hour `time` falls in. Call it in the same
 * transaction as the rows it counts (history, chat sessions, feedback).
 */
export async function bumpStatisticsRollup(db: Db, time: Date, delta: RollupDelta): Promise<void> {
  const values = {
    sessions: delta.sessions ?? 0,
    questions: delta.questions ?? 0,
    upRatings: delta.upRatings ?? 0,
    downRatings: delta.downRatings ?? 0,
  };
  if (Object.values(values).every((value) => value === 0)) return;
  await db
    .insert(statisticsRollup)
    .values({ hour: utcHourOf(time), ...values })
    .onConflictDoUpdate({
      target: statisticsRollup.hour,
      set: {
        sessions: sql`${statisticsRollup.sessions} + ${values.sessions}`,
        questions: sql`${statisticsRollup.questions} + ${values.questions}`,
        upRatings: sql`${statisticsRollup.upRatings} + ${values.upRatings}`,
        downRatings: sql`${statisticsRollup.downRatings} + ${values.downRatings}`,
      },
    });
  await db
    .insert(statisticsRollupQuarter)
    .values({ quarter: utcQuarterOf(time), ...values })
    .onConflictDoUpdate({
      target: statisticsRollupQuarter.quarter,
      set: {
        sessions: sql`${statisticsRollupQuarter.sessions} + ${values.sessions}`,
        questions: sql`${statisticsRollupQuarter.questions} + ${values.questions}`,
        upRatings: sql`${statisticsRollupQuarter.upRatings} + ${values.upRatings}`,
        downRatings: sql`${statisticsRollupQuarter.downRatings} + ${values.downRatings}`,
      },
    });
  await db
    .insert(statisticsRollupDaily)
    .values({ day: utcDayOf(time), ...values })
    .onConflictDoUpdate({
      target: statisticsRollupDaily.day,
      set: {
        sessions: sql`${statisticsRollupDaily.sessions} + ${values.sessions}`,
        questions: sql`${statisticsRollupDaily.questions} + ${values.questions}`,
        upRatings: sql`${statisticsRollupDaily.upRatings} + ${values.upRatings}`,
        downRatings: sql`${statisticsRollupDaily.downRatings} + ${values.downRatings}`,
      },
    });
}
