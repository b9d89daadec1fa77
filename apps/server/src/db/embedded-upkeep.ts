import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has no autovacuum:
 * - ANALYZE: without statistics the planner guesses every row count, so a search for a common word
 *   and one for a rare word get the same plan;
 * - VACUUM: marks pages all-visible (index-only scans of the list indexes then skip the table), frees
 *   the space of deleted rows and moves the GIN indexes' pending entries (rows written since the last
 *   run, scanned one by one by every search until then) into the indexes proper.
 * It holds the one database thread while it runs: about 4 s the first time at a million history rows,
 * then about 1 s an hour (pages all-visible since the last run are skipped). Run by the hourly clean-up.
 */
export async function upkeepEmbeddedDatabase(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE)`);
}
