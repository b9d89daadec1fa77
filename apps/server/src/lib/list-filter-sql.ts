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
  return rowsOfIds<Row>(db, table, shown, sql`SELECT id FROM ${table} ${where} ORDER BY time DESC, id DESC LIMIT ${take} OFFSET ${skip}`);
}

/** The rows of the ids `ids` selects, whole, newest first, as one JSON array. */
async function rowsOfIds<Row>(db: Db, table: SQL, shown: SQL, ids: SQL): Promise<Row[]> {
  const [answer] = await sqlRows<{ rows: string }>(
    db,
    sql`SELECT ${jsonArrayOf(sql`SELECT ${shown} FROM ${table} WHERE id IN (${ids})`, sql`r.time DESC, r.id DESC`)} AS rows`,
  );
  return parseJsonRows<Row>(answer?.rows);
}

/** How many rows an export reads at a time, at most (lib/export-stream.ts)… */
export const EXPORT_BATCH_ROWS = 500;
/**
 * …and how many bytes of their texts: rows of the bot's largest answers (200,000 characters, up to 800 kB each)
 * would make 500 rows 400 MB at once, read, parsed and written in one go (issue 52: an export of large answers
 * took the server from 836 MB to 2,008 MB). A row larger than this is read alone. The server's RSS while
 * exporting grows with this budget, about twenty times it (each batch is read, parsed, presented and written as
 * copies, and the garbage waits for the next collection): exporting 150 answers of 600 kB rose 99–106 MB with
 * 4 MB (over the bench's 100 MB), 47–83 MB with 2 MB and 17–29 MB with 1 MB (the security check's probe).
 */
export const EXPORT_BATCH_BYTES = 1024 * 1024;
/** What a row's small columns (ids, times, addresses) add to its weight, beside the large ones `rowBytes` counts. */
const ROW_OVERHEAD_BYTES = 200;

/**
 * An export's rows, newest first, a batch at a time: each batch after the last row of the one before (keyset:
 * `(time, id) <` its key, the time as the UTC text with microseconds that `shown` answers), through the same
 * indexes as a page, so memory holds one batch whatever the rows' count. A batch ends at EXPORT_BATCH_ROWS rows
 * or before the row that would take its texts past `budgetBytes`, as `rowBytes` (an SQL expression of a row's
 * large columns, read from their headers: octet_length does not decompress or fetch a stored text) counts them.
 * How many rows are weighed for a batch follows the rows' size: the last batch's count, doubled.
 */
export async function* keysetBatches<Row extends { time: string; id: number }>(
  db: Db,
  table: SQL,
  shown: SQL,
  conditions: readonly SQL[],
  rowBytes: SQL,
  budgetBytes: number = EXPORT_BATCH_BYTES,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  let weighed = EXPORT_BATCH_ROWS;
  for (;;) {
    const where = whereOf(after === undefined ? conditions : [...conditions, sql`(time, id) < (${after.time}::timestamptz, ${after.id})`]);
    const ids = sql`SELECT id FROM (
        SELECT id, bytes, sum(bytes) OVER (ORDER BY time DESC, id DESC ROWS UNBOUNDED PRECEDING) AS running
        FROM (SELECT id, time, ${rowBytes} + ${ROW_OVERHEAD_BYTES} AS bytes FROM ${table} ${where} ORDER BY time DESC, id DESC LIMIT ${weighed}) candidates
      ) weighed WHERE running <= ${budgetBytes} OR running = bytes`;
    const batch = await rowsOfIds<Row>(db, table, shown, ids);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1);
    weighed = Math.min(EXPORT_BATCH_ROWS, Math.max(2, batch.length * 2));
  }
}
