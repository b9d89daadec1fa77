import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Runs a DELETE and answers how many rows it deleted. */
export async function deletedRows(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { affectedRows?: number; rowCount?: number | null };
  // PGlite answers affectedRows, node-postgres rowCount.
  return result.affectedRows ?? result.rowCount ?? 0;
}
