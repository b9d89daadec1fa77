import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { FEEDBACK_COUNTERS } from '../feedback/feedback.counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from '../history/history.counters.ts';

/**
 * The deletes of the three lists' rows, each taking what it deleted off the list's counters in the caller's
 * transaction, so `total_count` equals the rows: the retention's batches and an erasure share them. The
 * statistics' rollups are not touched (they count what happened, not who).
 */

export const counted = (value: SqlBigint | null | undefined): number => Number(value ?? 0);

/** Chat history rows (their answer sources by cascade) under `condition`; answers how many went. */
export async function deleteHistoryRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; gaps: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM history WHERE ${condition} RETURNING coverage_gap)
      SELECT count(*) AS rows, count(*) FILTER (WHERE coverage_gap) AS gaps FROM gone`,
  );
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [HISTORY_COUNTER], -rows);
  await bumpCounters(tx, [COVERAGE_GAP_COUNTER], -counted(gone?.gaps));
  return rows;
}

/** Feedback rows under `condition`; answers how many went. */
export async function deleteFeedbackRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; up: SqlBigint; down: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM feedback WHERE ${condition} RETURNING rating)
      SELECT count(*) AS rows, count(*) FILTER (WHERE rating = 'up') AS up, count(*) FILTER (WHERE rating = 'down') AS down FROM gone`,
  );
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.all], -rows);
  await bumpCounters(tx, [FEEDBACK_COUNTERS.up], -counted(gone?.up));
  await bumpCounters(tx, [FEEDBACK_COUNTERS.down], -counted(gone?.down));
  return rows;
}

/** Help requests under `condition`, whatever their status (their replies by cascade); answers how many went. */
export async function deleteHelpRequestRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; pending: SqlBigint; resolved: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM help_requests WHERE ${condition} RETURNING status)
      SELECT count(*) AS rows, count(*) FILTER (WHERE status = 'pending') AS pending,
        count(*) FILTER (WHERE status = 'resolved') AS resolved FROM gone`,
  );
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.all], -rows);
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.pending], -counted(gone?.pending));
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.resolved], -counted(gone?.resolved));
  return rows;
}
