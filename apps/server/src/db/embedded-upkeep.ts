import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { sqlRows } from './sql-rows.ts';

/** A table is due once it has grown by this share of the pages it had at its last upkeep… */
const GROWTH_SHARE = 0.2;
/** …and by at least this many pages (8 kB), so small tables that churn are not redone every hour. */
const LEAST_GROWTH_PAGES = 16;

/**
 * The tables due for upkeep: never analysed and holding rows, or grown by GROWTH_SHARE (and at least
 * LEAST_GROWTH_PAGES) since their last one. PGlite keeps no activity statistics (pg_stat_user_tables
 * stays at zero), so the measure is what VACUUM and ANALYZE themselves record: pg_class.relpages and
 * reltuples (-1 until the first ANALYZE), against the table's size now.
 */
export async function tablesDueForUpkeep(db: Db): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(db, sql`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema() AND pg_relation_size(c.oid) > 0
      AND (c.reltuples < 0
           OR pg_relation_size(c.oid) / current_setting('block_size')::int
              > c.relpages + greatest(${LEAST_GROWTH_PAGES}::float8, c.relpages * ${GROWTH_SHARE}::float8))
    ORDER BY c.relname`);
  return rows.map((row) => row.name);
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has no autovacuum,
 * on the tables due (tablesDueForUpkeep), one statement each; answers their names.
 * - ANALYZE: without statistics the planner guesses every row count, so a search for a common word
 *   and one for a rare word get the same plan;
 * - VACUUM: marks pages all-visible (index-only scans of the list indexes then skip the table), frees
 *   the space of deleted rows and moves the GIN indexes' pending entries (rows written since the last
 *   run, scanned one by one by every search until then) into the indexes proper.
 * Each statement holds the one database thread while it runs: vacuuming every table of a million history
 * rows took about 1.5 s even right after a full run, which every request waited for once an hour (and a
 * minute after each start); a table that has not grown is now left alone. Run by the hourly clean-up.
 */
export async function upkeepEmbeddedDatabase(db: Db): Promise<string[]> {
  const due = await tablesDueForUpkeep(db);
  for (const table of due) await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
  return due;
}
