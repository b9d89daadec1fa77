import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { statisticsTotals } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import type { TimeRange } from './statistics-periods.ts';

export interface StatisticsCounts {
  sessions: number;
  questions: number;
  upRatings: number;
  downRatings: number;
}

/** The totals before moment `i` (1-based, the order they were asked in), named as the columns they add up. */
type TotalsRow = { i: number | string } & Omit<SqlRow<typeof statisticsTotals>, 'upto'>;

const ZERO: StatisticsCounts = { sessions: 0, questions: 0, upRatings: 0, downRatings: 0 };

/**
 * Sessions started, questions answered and up/down feedback in each range, in one statement: the
 * totals at its end less those at its start (totalsBefore). Reads two rows per distinct boundary,
 * whatever the size of history and in every time zone. With `withFirstTime`, the same statement also
 * reads the first quarter hour holding any statistics (where All Time starts; undefined on an empty database).
 */
export async function countStatistics(
  db: Db,
  ranges: readonly TimeRange[],
  { withFirstTime = false } = {},
): Promise<{ counts: StatisticsCounts[]; firstTime: number | undefined }> {
  const moments = [...new Set(ranges.flatMap((range) => [range.from, range.to]))];
  const { totals, firstTime } = await totalsBefore(db, moments, withFirstTime);
  const counts = ranges.map((range) => {
    const end = totals.get(range.to) ?? ZERO;
    const start = totals.get(range.from) ?? ZERO;
    return {
      sessions: end.sessions - start.sessions,
      questions: end.questions - start.questions,
      upRatings: end.upRatings - start.upRatings,
      downRatings: end.downRatings - start.downRatings,
    };
  });
  return { counts, firstTime };
}

/**
 * Everything counted before each moment (steward_statistics_before, migration 1200, a function so its plan
 * is kept): the last running total at or before the moment's quarter hour, the quarter hours after that
 * total from the rollup (normally none, or the current one), and, for a moment inside a quarter hour (an
 * offset such as +5:06), the raw rows of its minutes, which an index reaches directly.
 */
async function totalsBefore(
  db: Db,
  moments: readonly number[],
  withFirstTime: boolean,
): Promise<{ totals: Map<number, StatisticsCounts>; firstTime: number | undefined }> {
  // ISO timestamps hold nothing an array literal would have to quote.
  const array = `{${moments.map((moment) => new Date(moment).toISOString()).join(',')}}`;
  const first = withFirstTime ? sql`(SELECT min(quarter) FROM statistics_rollup_quarter)` : sql`NULL::timestamptz`;
  const rows = await sqlRows<TotalsRow & { first: string | Date | null }>(
    db,
    sql`SELECT *, ${first} AS first FROM steward_statistics_before(${array}::timestamptz[])`,
  );
  const totals = new Map<number, StatisticsCounts>();
  for (const row of rows) {
    const moment = moments[Number(row.i) - 1];
    if (moment === undefined) continue;
    totals.set(moment, {
      sessions: Number(row.sessions),
      questions: Number(row.questions),
      upRatings: Number(row.up_ratings),
      downRatings: Number(row.down_ratings),
    });
  }
  const firstRow = rows[0]?.first;
  return { totals, firstTime: firstRow ? new Date(firstRow).getTime() : undefined };
}
