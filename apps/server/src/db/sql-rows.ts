import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs raw SQL and answers its rows. Both drivers (PGlite and node-postgres) answer
 * `{ rows }`, but Drizzle's shared database type leaves the result untyped, so the
 * one cast lives here.
 */
export async function sqlRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
