import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jsonArrayOf, parseJsonRows } from '../db/json-rows.ts';
import { listCounters } from '../db/schema.ts';
import { type SqlBigint, sqlRows } from '../db/sql-rows.ts';

/**
 * Adds `delta` to each named counter. Call it in the same transaction as the
 * rows it counts, so `total_count` never drifts from the table.
 */
export async function bumpCounters(db: Db, names: readonly string[], delta: number): Promise<void> {
  if (names.length === 0 || delta === 0) return;
  await db
    .insert(listCounters)
    .values(names.map((name) => ({ name, count: delta })))
    .onConflictDoUpdate({ target: listCounters.name, set: { count: sql`${listCounters.count} + ${delta}` } });
}

export async function readCounter(db: Db, name: string): Promise<number> {
  const rows = await db.select({ count: listCounters.count }).from(listCounters).where(inArray(listCounters.name, [name]));
  return Number(rows[0]?.count ?? 0);
}

/** The counter as a scalar subquery (0 when it has no row yet), to read in the statement that reads the rows. */
export const counterValue = (name: string): SQL<number> =>
  sql<number>`coalesce((SELECT count FROM list_counters WHERE name = ${name}), 0)`.mapWith(Number);

/**
 * A page's rows (`rows`, in `order`: see jsonArrayOf) and their list's counter, in one statement, the rows
 * as one JSON value (json-rows.ts).
 */
export async function readCountedPage<Row>(db: Db, counter: string, rows: SQL, order: SQL): Promise<{ rows: Row[]; totalCount: number }> {
  const [answer] = await sqlRows<{ total_count: SqlBigint; page: string }>(
    db,
    sql`SELECT ${counterValue(counter)} AS total_count, ${jsonArrayOf(rows, order)} AS page`,
  );
  return { rows: parseJsonRows<Row>(answer?.page), totalCount: Number(answer?.total_count ?? 0) };
}
