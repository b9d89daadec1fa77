import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { statisticsRollup } from '../../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { coverRange } from './statistics-cover.ts';
import type { TimeRange } from './statistics-periods.ts';
import type { RollupUnit } from './statistics-rollup-units.ts';

export interface StatisticsCounts {
  sessions: number;
  questions: number;
  upRatings: number;
  downRatings: number;
}

/** The sums (bigint) of the rollups' counters for range `i`, named as the columns they add up. */
type CountsRow = { i: number } & Record<Exclude<keyof SqlRow<typeof statisticsRollup>, 'hour'>, SqlBigint>;

interface Window {
  index: number;
  sign: 1 | -1;
  from: number;
  to: number;
}

const zero = (): StatisticsCounts => ({ sessions: 0, questions: 0, upRatings: 0, downRatings: 0 });

/**
 * The windows as one row set from four array parameters (a statement's parameters, not four per window:
 * a year at UTC+5:30 has about 70 windows, and binding each value cost more than reading the rollups).
 * Numbers and ISO timestamps hold nothing an array literal would have to quote.
 */
const windowRows = (windows: Window[]): SQL => {
  const array = (values: (number | string)[]) => `{${values.join(',')}}`;
  return sql`unnest(
    ${array(windows.map((window) => window.index))}::int[],
    ${array(windows.map((window) => window.sign))}::int[],
    ${array(windows.map((window) => new Date(window.from).toISOString()))}::timestamptz[],
    ${array(windows.map((window) => new Date(window.to).toISOString()))}::timestamptz[])`;
};

/**
 * Sessions started, questions answered and up/down feedback in each range, in one statement, from the
 * monthly, daily, hourly and quarter-hour rollups (a bounded number of small rows, whatever the size of
 * history): each range is covered by the fewest rollup rows, some of them taken away (statistics-cover.ts).
 * Only an offset that is not a whole number of quarter hours leaves minutes at the edges; those are
 * counted from the raw rows, which an index reaches directly (less than a quarter hour of rows each).
 */
export async function countStatistics(db: Db, ranges: readonly TimeRange[]): Promise<StatisticsCounts[]> {
  const totals = ranges.map(zero);
  const byUnit = new Map<RollupUnit | undefined, Window[]>();
  ranges.forEach((range, index) => {
    for (const piece of coverRange(range.from, range.to)) {
      const windows = byUnit.get(piece.unit) ?? [];
      windows.push({ index, sign: piece.sign, from: piece.from, to: piece.to });
      byUnit.set(piece.unit, windows);
    }
  });
  const parts: SQL[] = [];
  for (const [unit, windows] of byUnit) {
    if (unit) {
      const key = sql.identifier(unit.key);
      parts.push(sql`SELECT w.i, w.sign * s.sessions AS sessions, w.sign * s.questions AS questions,
            w.sign * s.up_ratings AS up_ratings, w.sign * s.down_ratings AS down_ratings
          FROM ${windowRows(windows)} AS w(i, sign, a, b)
          JOIN ${sql.identifier(unit.table)} s ON s.${key} >= w.a AND s.${key} < w.b`);
    } else {
      parts.push(sql`SELECT w.i,
          w.sign * (SELECT count(*) FROM chat_sessions c WHERE c.started_at >= w.a AND c.started_at < w.b) AS sessions,
          w.sign * (SELECT count(*) FROM history h WHERE h.time >= w.a AND h.time < w.b) AS questions,
          w.sign * (SELECT count(*) FROM feedback f WHERE f.rating = 'up' AND f.time >= w.a AND f.time < w.b) AS up_ratings,
          w.sign * (SELECT count(*) FROM feedback f WHERE f.rating = 'down' AND f.time >= w.a AND f.time < w.b) AS down_ratings
        FROM ${windowRows(windows)} AS w(i, sign, a, b)`);
    }
  }
  if (parts.length === 0) return totals;
  const rows = await sqlRows<CountsRow>(
    db,
    sql`SELECT i,
          sum(sessions)::bigint AS sessions,
          sum(questions)::bigint AS questions,
          sum(up_ratings)::bigint AS up_ratings,
          sum(down_ratings)::bigint AS down_ratings
        FROM (${sql.join(parts, sql` UNION ALL `)}) AS counted
        GROUP BY i`,
  );
  for (const row of rows) {
    const total = totals[row.i];
    if (!total) continue;
    total.sessions += Number(row.sessions);
    total.questions += Number(row.questions);
    total.upRatings += Number(row.up_ratings);
    total.downRatings += Number(row.down_ratings);
  }
  return totals;
}

/** The first hour holding any statistics (where All Time starts), or undefined on an empty database. */
export async function firstStatisticsTime(db: Db): Promise<number | undefined> {
  const rows = await sqlRows<{ first: string | Date | null }>(db, sql`SELECT min(hour) AS first FROM statistics_rollup`);
  const first = rows[0]?.first;
  return first ? new Date(first).getTime() : undefined;
}
