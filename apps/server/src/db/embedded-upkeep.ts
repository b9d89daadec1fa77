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
 * on the tables due (tablesDueForUpkeep), one statement each, then the search indexes' pending entries
 * (flushSearchIndexQueues); answers what it did.
 * - ANALYZE: without statistics the planner guesses every row count, so a search for a common word
 *   and one for a rare word get the same plan;
 * - VACUUM: marks pages all-visible (index-only scans of the list indexes then skip the table), frees
 *   the space of deleted rows and moves the GIN indexes' pending entries (rows written since the last
 *   run, scanned one by one by every search until then) into the indexes proper.
 * Each statement holds the one database thread while it runs: vacuuming every table of a million history
 * rows took about 1.5 s even right after a full run, which every request waited for once an hour (and a
 * minute after each start); a table that has not grown is now left alone. Run by the hourly clean-up.
 */
export async function upkeepEmbeddedDatabase(db: Db): Promise<{ tables: string[]; searchIndexes: FlushedIndex[] }> {
  const tables = await tablesDueForUpkeep(db);
  for (const table of tables) await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
  return { tables, searchIndexes: await flushSearchIndexQueues(db) };
}

export interface FlushedIndex {
  index: string;
  /** Pending-list pages moved into the index proper. */
  pages: number;
}

/**
 * Moves the entries that new rows left in each search (GIN) index's pending list into the index proper,
 * as VACUUM does, also for the tables VACUUM left alone because they had not grown by a fifth: every
 * search reads the pending list entry by entry (the bench's help requests, left with their indexes all
 * pending, made each search read about 300 pages). Costs next to nothing when the lists are empty.
 * Answers the indexes that had entries.
 */
export async function flushSearchIndexQueues(db: Db): Promise<FlushedIndex[]> {
  const rows = await sqlRows<{ index: string; pages: string | number }>(db, sql`
    SELECT i.relname AS index, gin_clean_pending_list(i.oid) AS pages
    FROM pg_class i
    JOIN pg_namespace n ON n.oid = i.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE i.relkind = 'i' AND am.amname = 'gin' AND n.nspname = current_schema()
    ORDER BY i.relname`);
  return rows.map((row) => ({ index: row.index, pages: Number(row.pages) })).filter((flushed) => flushed.pages > 0);
}
