import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';

/**
 * Deletes entries older than the retention (AUDIT_RETENTION_DAYS), the only delete the audit log
 * allows: the cut-off is set for this transaction alone, and migration 0700's trigger refuses any
 * other delete, and any cut-off younger than a day. Answers how many entries went.
 */
export async function purgeExpiredAuditEntries(db: Db, retentionDays: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [cutOff] = await sqlRows<{ before: string }>(
      tx,
      sql`SELECT set_config('steward.audit_purge_before', (now() - make_interval(days => ${retentionDays}))::text, true) AS before`,
    );
    if (!cutOff) throw new Error('Setting the audit purge cut-off answered nothing.');
    const [gone] = await sqlRows<{ count: SqlBigint }>(
      tx,
      sql`WITH gone AS (DELETE FROM audit_log WHERE time < ${cutOff.before}::timestamptz RETURNING 1) SELECT count(*) AS count FROM gone`,
    );
    return Number(gone?.count ?? 0);
  });
}
