import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { listCounters } from '../db/schema.ts';

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
