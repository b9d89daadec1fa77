import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { TimeRange } from './statistics-periods.ts';

export interface StatisticsCounts {
  sessions: number;
  questions: number;
  upRatings: number;
  downRatings: number;
}

interface CountsRow {
  i: number;
  sessions: string | number;
  questions: string | number;
  up_ratings: string | number;
  down_ratings: string | number;
}

const HOUR = 60 * 60 * 1000;
const ceilHour = (time: number): number => Math.ceil(time / HOUR) * HOUR;
const floorHour = (time: number): number => Math.floor(time / HOUR) * HOUR;
const zero = (): StatisticsCounts => ({ sessions: 0, questions: 0, upRatings: 0, downRatings: 0 });

const timestamp = (time: number): SQL => sql`${new Date(time).toISOString()}::timestamptz`;
const rangeValues = (windows: { index: number; from: number; to: number }[]): SQL =>
  sql.join(
    windows.map((window) => sql`(${window.index}::int, ${timestamp(window.from)}, ${timestamp(window.to)})`),
    sql`, `,
  );

/**
 * Sessions started, questions answered and up/down feedback in each range. Whole UTC hours come
 * from the hourly rollup (a bounded number of small rows, whatever the size of history); the
 * part-hours at the edges of a range (time zones such as +5:30) are counted from the raw rows,
 * which an index reaches directly and which hold at most one hour of data each.
 */
export async function countStatistics(db: Db, ranges: readonly TimeRange[]): Promise<StatisticsCounts[]> {
  const totals = ranges.map(zero);
  const add = (rows: CountsRow[]) => {
    for (const row of rows) {
      const total = totals[row.i];
      if (!total) continue;
      total.sessions += Number(row.sessions);
      total.questions += Number(row.questions);
      total.upRatings += Number(row.up_ratings);
      total.downRatings += Number(row.down_ratings);
    }
  };

  const wholeHours: { index: number; from: number; to: number }[] = [];
  const partHours: { index: number; from: number; to: number }[] = [];
  ranges.forEach((range, index) => {
    const hoursFrom = ceilHour(range.from);
    const hoursTo = floorHour(range.to);
    if (hoursFrom >= hoursTo) {
      if (range.from < range.to) partHours.push({ index, ...range });
      return;
    }
    wholeHours.push({ index, from: hoursFrom, to: hoursTo });
    if (range.from < hoursFrom) partHours.push({ index, from: range.from, to: hoursFrom });
    if (hoursTo < range.to) partHours.push({ index, from: hoursTo, to: range.to });
  });

  if (wholeHours.length > 0) {
    add(
      await sqlRows<CountsRow>(
        db,
        sql`SELECT r.i,
              coalesce(sum(s.sessions), 0)::bigint AS sessions,
              coalesce(sum(s.questions), 0)::bigint AS questions,
              coalesce(sum(s.up_ratings), 0)::bigint AS up_ratings,
              coalesce(sum(s.down_ratings), 0)::bigint AS down_ratings
            FROM (VALUES ${rangeValues(wholeHours)}) AS r(i, hour_from, hour_to)
            JOIN statistics_rollup s ON s.hour >= r.hour_from AND s.hour < r.hour_to
            GROUP BY r.i`,
      ),
    );
  }
  if (partHours.length > 0) {
    add(
      await sqlRows<CountsRow>(
        db,
        sql`SELECT w.i,
              (SELECT count(*) FROM chat_sessions c WHERE c.started_at >= w.a AND c.started_at < w.b) AS sessions,
              (SELECT count(*) FROM history h WHERE h.time >= w.a AND h.time < w.b) AS questions,
              (SELECT count(*) FROM feedback f WHERE f.rating = 'up' AND f.time >= w.a AND f.time < w.b) AS up_ratings,
              (SELECT count(*) FROM feedback f WHERE f.rating = 'down' AND f.time >= w.a AND f.time < w.b) AS down_ratings
            FROM (VALUES ${rangeValues(partHours)}) AS w(i, a, b)`,
      ),
    );
  }
  return totals;
}

/** The first hour holding any statistics (where All Time starts), or undefined on an empty database. */
export async function firstStatisticsTime(db: Db): Promise<number | undefined> {
  const rows = await sqlRows<{ first: string | Date | null }>(db, sql`SELECT min(hour) AS first FROM statistics_rollup`);
  const first = rows[0]?.first;
  return first ? new Date(first).getTime() : undefined;
}
