import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { statisticsRollup } from '../../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import type { TimeRange } from './statistics-periods.ts';

export interface StatisticsCounts {
  sessions: number;
  questions: number;
  upRatings: number;
  downRatings: number;
}

/** The sums (bigint) of the rollups' counters for range `i`, named as the columns they add up. */
type CountsRow = { i: number } & Record<Exclude<keyof SqlRow<typeof statisticsRollup>, 'hour'>, SqlBigint>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ceilTo = (time: number, unit: number): number => Math.ceil(time / unit) * unit;
const floorTo = (time: number, unit: number): number => Math.floor(time / unit) * unit;

interface Window {
  index: number;
  from: number;
  to: number;
}

const QUARTER = 15 * 60 * 1000;

/**
 * Splits each range into whole UTC days (daily rollup), whole hours and then whole quarter hours
 * towards its ends (hourly and quarter rollups), and what is left at the very edges (raw rows, only
 * for offsets that are not whole quarter hours), so no instant is counted twice or missed.
 */
function splitRanges(ranges: readonly TimeRange[]) {
  const split = { days: [] as Window[], hours: [] as Window[], quarters: [] as Window[], rest: [] as Window[] };
  ranges.forEach((range, index) => {
    const add = (list: Window[], from: number, to: number) => {
      if (from < to) list.push({ index, from, to });
    };
    // Peels whole `unit`s out of [from, to) into `list`, leaving the edges to `inner` (finer units).
    const peel = (from: number, to: number, unit: number, list: Window[], edge: (from: number, to: number) => void) => {
      const unitsFrom = ceilTo(from, unit);
      const unitsTo = floorTo(to, unit);
      if (unitsFrom >= unitsTo) return edge(from, to);
      edge(from, unitsFrom);
      add(list, unitsFrom, unitsTo);
      edge(unitsTo, to);
    };
    const rest = (from: number, to: number) => add(split.rest, from, to);
    const quarters = (from: number, to: number) => peel(from, to, QUARTER, split.quarters, rest);
    const hours = (from: number, to: number) => peel(from, to, HOUR, split.hours, quarters);
    peel(range.from, range.to, DAY, split.days, hours);
  });
  return split;
}

/** The three rollups bumpStatisticsRollup keeps, each keyed by the start of its unit. */
const ROLLUP_TABLES = {
  days: { table: 'statistics_rollup_daily', key: 'day' },
  hours: { table: 'statistics_rollup', key: 'hour' },
  quarters: { table: 'statistics_rollup_quarter', key: 'quarter' },
} as const;
type RollupTable = (typeof ROLLUP_TABLES)[keyof typeof ROLLUP_TABLES];

const zero = (): StatisticsCounts => ({ sessions: 0, questions: 0, upRatings: 0, downRatings: 0 });

const timestamp = (time: number): SQL => sql`${new Date(time).toISOString()}::timestamptz`;
const rangeValues = (windows: Window[]): SQL =>
  sql.join(
    windows.map((window) => sql`(${window.index}::int, ${timestamp(window.from)}, ${timestamp(window.to)})`),
    sql`, `,
  );

/**
 * Sessions started, questions answered and up/down feedback in each range, from the daily, hourly
 * and quarter-hour rollups (a bounded number of small rows, whatever the size of history). Only an
 * offset that is not a whole number of quarter hours leaves minutes at the edges; those are counted
 * from the raw rows, which an index reaches directly (at most 15 minutes of rows each).
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

  const { days, hours, quarters, rest } = splitRanges(ranges);
  const rollupPart = (rollup: RollupTable, windows: Window[]): SQL =>
    sql`SELECT r.i, s.sessions, s.questions, s.up_ratings, s.down_ratings
        FROM (VALUES ${rangeValues(windows)}) AS r(i, range_from, range_to)
        JOIN ${sql.identifier(rollup.table)} s
          ON s.${sql.identifier(rollup.key)} >= r.range_from AND s.${sql.identifier(rollup.key)} < r.range_to`;
  const parts: SQL[] = [];
  for (const [windows, rollup] of [
    [days, ROLLUP_TABLES.days],
    [hours, ROLLUP_TABLES.hours],
    [quarters, ROLLUP_TABLES.quarters],
  ] as const) {
    if (windows.length > 0) parts.push(rollupPart(rollup, windows));
  }
  if (rest.length > 0) {
    parts.push(sql`SELECT w.i,
        (SELECT count(*) FROM chat_sessions c WHERE c.started_at >= w.a AND c.started_at < w.b) AS sessions,
        (SELECT count(*) FROM history h WHERE h.time >= w.a AND h.time < w.b) AS questions,
        (SELECT count(*) FROM feedback f WHERE f.rating = 'up' AND f.time >= w.a AND f.time < w.b) AS up_ratings,
        (SELECT count(*) FROM feedback f WHERE f.rating = 'down' AND f.time >= w.a AND f.time < w.b) AS down_ratings
      FROM (VALUES ${rangeValues(rest)}) AS w(i, a, b)`);
  }
  // One statement whatever the offset: a part-hour zone reads a few more rollup rows, not more round trips.
  if (parts.length > 0) {
    add(
      await sqlRows<CountsRow>(
        db,
        sql`SELECT i,
              sum(sessions)::bigint AS sessions,
              sum(questions)::bigint AS questions,
              sum(up_ratings)::bigint AS up_ratings,
              sum(down_ratings)::bigint AS down_ratings
            FROM (${sql.join(parts, sql` UNION ALL `)}) AS counted
            GROUP BY i`,
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
