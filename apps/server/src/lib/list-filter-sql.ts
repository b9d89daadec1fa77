import { type SQL, sql } from 'drizzle-orm';
import { type CommonFilters, FILTERED_COUNT_CAP } from '@steward/contract/list-filters';
import type { Db } from '../db/client.ts';
import { jsonArrayOf, parseJsonRows } from '../db/json-rows.ts';
import { type SqlBigint, sqlRows } from '../db/sql-rows.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The instant a day (YYYY-MM-DD) starts for a viewer `offsetHours` east of UTC. */
export const startOfLocalDay = (day: string, offsetHours: number): Date => new Date(Date.parse(`${day}T00:00:00Z`) - offsetHours * HOUR_MS);

/** The days from and to (both included, in the viewer's time zone) as conditions on `time`. */
export function dayRangeConditions(filters: { from?: string | undefined; to?: string | undefined }, offsetHours: number, time: SQL = sql`time`): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from !== undefined) conditions.push(sql`${time} >= ${startOfLocalDay(filters.from, offsetHours).toISOString()}::timestamptz`);
  if (filters.to !== undefined) {
    const endExclusive = new Date(startOfLocalDay(filters.to, offsetHours).getTime() + DAY_MS);
    conditions.push(sql`${time} < ${endExclusive.toISOString()}::timestamptz`);
  }
  return conditions;
}

/** The filters every list has: its days and its country (over the list's (country, time, id) index, migration 2610). */
export const commonConditions = (filters: CommonFilters): SQL[] => [
  ...dayRangeConditions(filters, filters.tz),
  ...(filters.country === undefined ? [] : [sql`country = ${filters.country}`]),
];

/** The site of a URL column, its scheme and host lower-cased: the expression migration 2610 indexes (pinned by migration-pins.test.ts). */
export const siteOf = (column: string): string => `lower(substring(${column} FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))`;

/** Rows whose URL column is on `site` (scheme and host), over the expression index of migration 2610. */
export const siteCondition = (column: string, site: string): SQL => sql`${sql.raw(siteOf(column))} = ${site}`;

export const whereOf = (conditions: readonly SQL[]): SQL => (conditions.length === 0 ? sql`` : sql`WHERE ${sql.join([...conditions], sql` AND `)}`);

/**
 * The rows under a filter, counted up to FILTERED_COUNT_CAP: a filter the list counters do not keep is
 * counted by reading its rows, and at most that many are read (a rare filter at 1M rows still walks its index).
 */
export async function boundedCount(db: Db, table: SQL, where: SQL): Promise<{ totalCount: number; capped: boolean }> {
  const [row] = await sqlRows<{ count: SqlBigint }>(
    db,
    sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${table} ${where} LIMIT ${FILTERED_COUNT_CAP + 1}) counted`,
  );
  const count = Number(row?.count ?? 0);
  return { totalCount: Math.min(count, FILTERED_COUNT_CAP), capped: count > FILTERED_COUNT_CAP };
}

/**
 * One page of a filtered list, newest first, as JSON rows of `shown` (whose time must be UTC text, so the
 * order by text is the order by time): the page's ids from the list's `(…, time DESC, id DESC)` index,
 * then only those rows whole.
 */
export async function filteredPage<Row>(db: Db, table: SQL, shown: SQL, where: SQL, skip: number, take: number): Promise<Row[]> {
  const ids = sql`SELECT id FROM ${table} ${where} ORDER BY time DESC, id DESC LIMIT ${take} OFFSET ${skip}`;
  const [answer] = await sqlRows<{ rows: string }>(
    db,
    sql`SELECT ${jsonArrayOf(sql`SELECT ${shown} FROM ${table} WHERE id IN (${ids})`, sql`r.time DESC, r.id DESC`)} AS rows`,
  );
  return parseJsonRows<Row>(answer?.rows);
}

/** How many rows an export reads at a time (lib/export-stream.ts): a few hundred kB of JSON at most. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * An export's rows, newest first, a batch at a time: each batch after the last row of the one before (keyset:
 * `(time, id) <` its key, the time as the UTC text with microseconds that `shown` answers), through the same
 * indexes as a page, so memory holds one batch whatever the rows' count.
 */
export async function* keysetBatches<Row extends { time: string; id: number }>(db: Db, table: SQL, shown: SQL, conditions: readonly SQL[]): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const where = whereOf(after === undefined ? conditions : [...conditions, sql`(time, id) < (${after.time}::timestamptz, ${after.id})`]);
    const batch = await filteredPage<Row>(db, table, shown, where, 0, EXPORT_BATCH_ROWS);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1);
  }
}
