import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { statisticsTotals } from '../../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { NO_COUNTS, SettledTotals, type StatisticsCounts } from './settled-totals.ts';
import type { TimeRange } from './statistics-periods.ts';

/**
 * The totals before moment `i` (1-based, the order they were asked in), named as the columns they add up; the
 * row with i = 0 holds the statistics revision and the newest quarter hour instead.
 */
type TotalsRow = { i: number | string } & Omit<SqlRow<typeof statisticsTotals>, 'upto'>;

/** Per database: the totals a later write cannot change without revising the past. */
const settledTotals = new WeakMap<Db, SettledTotals>();

/** Per database: the totals last read, at every moment asked, and the fingerprint they are of (migration 3341). */
const totalsAsOf = new WeakMap<Db, { fingerprint: string; totals: Map<number, StatisticsCounts> }>();
/** Enough for every period at dozens of offsets (as SettledTotals keeps). */
const MOST_TOTALS_KEPT = 4096;

/** Where All Time starts, from a fingerprint's last part (epoch seconds, or `-` when nothing was counted). */
const firstTimeOf = (fingerprint: string): number | undefined => {
  const seconds = Number(fingerprint.split(' ').at(-1));
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
};

/**
 * Sessions started, questions answered and up/down feedback in each range, in one statement: the
 * totals at its end less those at its start (totalsBefore). Reads two rows per distinct boundary,
 * whatever the size of history and in every time zone. With them, the first quarter hour holding any
 * statistics (where All Time starts; undefined on an empty database), from the same statement's fingerprint.
 */
export async function countStatistics(
  db: Db,
  ranges: readonly TimeRange[],
): Promise<{ counts: StatisticsCounts[]; firstTime: number | undefined }> {
  const moments = [...new Set(ranges.flatMap((range) => [range.from, range.to]))];
  const { totals, firstTime } = await totalsBefore(db, moments);
  const counts = ranges.map((range) => {
    const end = totals.get(range.to) ?? NO_COUNTS;
    const start = totals.get(range.from) ?? NO_COUNTS;
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
 * Everything counted before each moment (steward_statistics_totals_before, migration 1800, a function so its
 * plan is kept): the last running total at or before the moment's quarter hour, the quarter hours after that
 * total from the rollup (normally none, or the current one), and, for a moment inside a quarter hour (an
 * offset such as +5:06), the raw rows of its minutes, which an index reaches directly. Moments whose totals
 * this process kept at the current revision are not read again (SettledTotals).
 */
async function totalsBefore(
  db: Db,
  moments: readonly number[],
): Promise<{ totals: Map<number, StatisticsCounts>; firstTime: number | undefined }> {
  // Every moment read before: unchanged since, when the fingerprint is (one cheap statement).
  const kept = totalsAsOf.get(db);
  if (kept && moments.every((moment) => kept.totals.has(moment))) {
    const [row] = await sqlRows<{ fingerprint: string }>(db, sql`SELECT steward_statistics_fingerprint() AS fingerprint`);
    if (row?.fingerprint === kept.fingerprint) return { totals: kept.totals, firstTime: firstTimeOf(kept.fingerprint) };
  }
  const read = await readTotalsBefore(db, moments);
  keepTotals(db, read.fingerprint, read.totals);
  return { totals: read.totals, firstTime: firstTimeOf(read.fingerprint) };
}

function keepTotals(db: Db, fingerprint: string, totals: ReadonlyMap<number, StatisticsCounts>): void {
  let kept = totalsAsOf.get(db);
  if (!kept || kept.fingerprint !== fingerprint || kept.totals.size + totals.size > MOST_TOTALS_KEPT) {
    totalsAsOf.set(db, (kept = { fingerprint, totals: new Map() }));
  }
  for (const [moment, counts] of totals) kept.totals.set(moment, counts);
}

/** The totals function's answer (with the fingerprint of the same snapshot), the moments it kept not asked again. */
async function readTotalsBefore(db: Db, moments: readonly number[]): Promise<{ totals: Map<number, StatisticsCounts>; fingerprint: string }> {
  let settled = settledTotals.get(db);
  if (!settled) settledTotals.set(db, (settled = new SettledTotals()));
  const ask = settled.ask(moments);
  // ISO timestamps hold nothing an array literal would have to quote.
  const array = `{${ask.moments.map((moment) => new Date(moment).toISOString()).join(',')}}`;
  type Row = TotalsRow & { revision: SqlBigint | null; newest_quarter: string | Date | null; fingerprint: string };
  const rows = await sqlRows<Row>(
    db,
    sql`SELECT *, steward_statistics_fingerprint() AS fingerprint
          FROM steward_statistics_totals_before(${array}::timestamptz[], ${ask.revision ?? -1}, ${ask.unknown})`,
  );
  const found = new Map<number, StatisticsCounts>();
  let revision: number | undefined;
  let newestQuarter: number | undefined;
  for (const row of rows) {
    if (Number(row.i) === 0) {
      revision = Number(row.revision);
      newestQuarter = row.newest_quarter === null ? undefined : new Date(row.newest_quarter).getTime();
      continue;
    }
    const moment = ask.moments[Number(row.i) - 1];
    if (moment === undefined) continue;
    found.set(moment, {
      sessions: Number(row.sessions),
      questions: Number(row.questions),
      upRatings: Number(row.up_ratings),
      downRatings: Number(row.down_ratings),
    });
  }
  if (revision === undefined) throw new Error('steward_statistics_totals_before answered no revision.');
  settled.learn(revision, newestQuarter, found);
  // At another revision than the kept one, the function read every moment.
  const totals = revision === ask.revision ? new Map([...ask.known, ...found]) : found;
  return { totals, fingerprint: rows[0]?.fingerprint ?? '' };
}
