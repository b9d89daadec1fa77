import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { deleteInBatches, RETENTION_BATCH_ROWS } from '../../lib/batched-deletes.ts';

/**
 * Deletes entries older than the retention (Bot Settings' Data retention, else AUDIT_RETENTION_DAYS), the
 * only delete the audit log allows: the cut-off is set for each batch's transaction alone, and migration
 * 0700's trigger refuses any other delete, and any cut-off younger than a day. The oldest entries go first,
 * a batch at a time with a pause between batches (lib/batched-deletes.ts). Answers how many entries went.
 */
export const purgeExpiredAuditEntries = (db: Db, retentionDays: number, batchRows = RETENTION_BATCH_ROWS): Promise<number> =>
  deleteInBatches(db, batchRows, async (tx) => {
    const [cutOff] = await sqlRows<{ before: string }>(
      tx,
      sql`SELECT set_config('steward.audit_purge_before', (now() - make_interval(days => ${retentionDays}))::text, true) AS before`,
    );
    if (!cutOff) throw new Error('Setting the audit purge cut-off answered nothing.');
    const [gone] = await sqlRows<{ count: SqlBigint }>(
      tx,
      sql`WITH batch AS (SELECT id FROM audit_log WHERE time < ${cutOff.before}::timestamptz ORDER BY time, id LIMIT ${batchRows}),
        gone AS (DELETE FROM audit_log USING batch WHERE audit_log.id = batch.id RETURNING 1)
        SELECT count(*) AS count FROM gone`,
    );
    return Number(gone?.count ?? 0);
  });
