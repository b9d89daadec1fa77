import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { deleteInBatches, RETENTION_BATCH_ROWS } from '../../lib/batched-deletes.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { FEEDBACK_COUNTERS } from '../feedback/feedback.counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from '../history/history.counters.ts';
import { noteRowsPurgedBefore } from '../statistics/statistics-rollup-rebuild.ts';

/**
 * The retention's deletes (docs/privacy.md): rows older than a cut-off go in batches, each its own short
 * transaction that also takes the rows off the lists' counters, so `total_count` equals the rows after every
 * batch; between batches the purge pauses, so the dashboard's requests are served (lib/batched-deletes.ts).
 * The statistics' rollups are not touched: they count what happened, and the Statistics screen reads only them;
 * a purge of what they count notes from when the rows are complete, where a repair starts recounting.
 */

const counted = (value: SqlBigint | null | undefined): number => Number(value ?? 0);

/** The oldest `batchRows` rows of a table before the cut-off, by its (time DESC, id DESC) index read backwards. */
const oldest = (table: SQL, cutOff: Date, batchRows: number): SQL =>
  sql`SELECT id FROM ${table} WHERE time < ${cutOff.toISOString()}::timestamptz ORDER BY time, id LIMIT ${batchRows}`;

/** Chat history (the exchanges, their answer sources by cascade) older than the cut-off. */
export const purgeHistoryBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const [gone] = await sqlRows<{ rows: SqlBigint; gaps: SqlBigint }>(
      tx,
      sql`WITH batch AS (${oldest(sql`history`, cutOff, batchRows)}),
        gone AS (DELETE FROM history USING batch WHERE history.id = batch.id RETURNING history.coverage_gap)
        SELECT count(*) AS rows, count(*) FILTER (WHERE coverage_gap) AS gaps FROM gone`,
    );
    const rows = counted(gone?.rows);
    if (rows > 0) await noteRowsPurgedBefore(tx, cutOff);
    await bumpCounters(tx, [HISTORY_COUNTER], -rows);
    await bumpCounters(tx, [COVERAGE_GAP_COUNTER], -counted(gone?.gaps));
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
    const [gone] = await sqlRows<{ rows: SqlBigint; up: SqlBigint; down: SqlBigint }>(
      tx,
      sql`WITH batch AS (${oldest(sql`feedback`, cutOff, batchRows)}),
        gone AS (DELETE FROM feedback USING batch WHERE feedback.id = batch.id RETURNING feedback.rating)
        SELECT count(*) AS rows, count(*) FILTER (WHERE rating = 'up') AS up, count(*) FILTER (WHERE rating = 'down') AS down FROM gone`,
    );
    const rows = counted(gone?.rows);
    if (rows > 0) await noteRowsPurgedBefore(tx, cutOff);
    await bumpCounters(tx, [FEEDBACK_COUNTERS.all], -rows);
    await bumpCounters(tx, [FEEDBACK_COUNTERS.up], -counted(gone?.up));
    await bumpCounters(tx, [FEEDBACK_COUNTERS.down], -counted(gone?.down));
    return rows;
  });

/** Help requests older than the cut-off, whatever their status (their replies by cascade). */
export const purgeHelpRequestsBefore = (db: Db, cutOff: Date, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const [gone] = await sqlRows<{ rows: SqlBigint; pending: SqlBigint; resolved: SqlBigint }>(
      tx,
      sql`WITH batch AS (${oldest(sql`help_requests`, cutOff, batchRows)}),
        gone AS (DELETE FROM help_requests USING batch WHERE help_requests.id = batch.id RETURNING help_requests.status)
        SELECT count(*) AS rows, count(*) FILTER (WHERE status = 'pending') AS pending,
          count(*) FILTER (WHERE status = 'resolved') AS resolved FROM gone`,
    );
    const rows = counted(gone?.rows);
    await bumpCounters(tx, [HELP_REQUEST_COUNTERS.all], -rows);
    await bumpCounters(tx, [HELP_REQUEST_COUNTERS.pending], -counted(gone?.pending));
    await bumpCounters(tx, [HELP_REQUEST_COUNTERS.resolved], -counted(gone?.resolved));
    return rows;
  });
