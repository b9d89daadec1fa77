import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { counted, deleteFeedbackRows, deleteHelpRequestRows, deleteHistoryRows } from './counted-deletes.ts';
import { deleteInBatches, RETENTION_BATCH_ROWS } from '../../lib/batched-deletes.ts';
import { noteRowsPurgedBefore } from '../statistics/statistics-recount.repository.ts';

/**
 * The retention's deletes (docs/privacy.md): rows older than a cut-off go in batches, each its own short
 * transaction that also takes the rows off the lists' counters, so `total_count` equals the rows after every
 * batch; between batches the purge pauses, so the dashboard's requests are served (lib/batched-deletes.ts).
 * The statistics' rollups are not touched: they count what happened, and the Statistics screen reads only them;
 * a purge of what they count notes from when the rows are complete, where a repair starts recounting.
 */

/** The oldest `batchRows` rows of a table before the cut-off, by its (time DESC, id DESC) index read backwards. */
const oldest = (table: SQL, cutOff: Date, batchRows: number): SQL =>
  sql`SELECT id FROM ${table} WHERE time < ${cutOff.toISOString()}::timestamptz ORDER BY time, id LIMIT ${batchRows}`;

/** Chat history (the exchanges, their answer sources by cascade) older than the cut-off. */
export const purgeHistoryBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const rows = await deleteHistoryRows(tx, sql`id IN (${oldest(sql`history`, cutOff, batchRows)})`);
    if (rows > 0) await noteRowsPurgedBefore(tx, cutOff);
    return rows;
  });

/** Chat sessions whose last message is older than the cut-off (their history goes with the history's retention). */
export const purgeChatSessionsBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const before = cutOff.toISOString();
    const [gone] = await sqlRows<{ rows: SqlBigint }>(
      tx,
      sql`WITH batch AS (
          SELECT session_id FROM chat_sessions
          WHERE started_at < ${before}::timestamptz AND last_message_at < ${before}::timestamptz
          ORDER BY started_at LIMIT ${batchRows}),
        gone AS (DELETE FROM chat_sessions USING batch WHERE chat_sessions.session_id = batch.session_id RETURNING 1)
        SELECT count(*) AS rows FROM gone`,
    );
    const rows = counted(gone?.rows);
    if (rows > 0) await noteRowsPurgedBefore(tx, cutOff);
    return rows;
  });

/** Feedback older than the cut-off. */
export const purgeFeedbackBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const rows = await deleteFeedbackRows(tx, sql`id IN (${oldest(sql`feedback`, cutOff, batchRows)})`);
    if (rows > 0) await noteRowsPurgedBefore(tx, cutOff);
    return rows;
  });

/** Help requests older than the cut-off, whatever their status (their replies by cascade). */
export const purgeHelpRequestsBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, (tx) => deleteHelpRequestRows(tx, sql`id IN (${oldest(sql`help_requests`, cutOff, batchRows)})`));
