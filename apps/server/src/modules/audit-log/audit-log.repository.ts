import { type SQL, sql } from 'drizzle-orm';
import { AUDIT_ACTION_GROUPS, type AuditEntry, type AuditLogFilters, type AuditLogPerson } from '@steward/contract/audit-log';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { Db } from '../../db/client.ts';
import type { auditLog } from '../../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { mapBatches } from '../../lib/export-stream.ts';
import { dayRangeConditions, keysetBatches, whereOf } from '../../lib/list-filter-sql.ts';

type AuditRecord = Pick<
  SqlRow<typeof auditLog>,
  'time' | 'actor_id' | 'actor_name' | 'actor_email' | 'action' | 'object_type' | 'object_id' | 'object_label' | 'details' | 'ip'
> & { id: SqlBigint; object_exists: boolean };

/** The filters as one WHERE clause: person, action, and the days from and to, both included. */
export const auditFilterClause = (filters: AuditLogFilters): SQL => whereOf(auditFilterConditions(filters));

function auditFilterConditions(filters: AuditLogFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.actor_id !== undefined) conditions.push(sql`actor_id = ${filters.actor_id}`);
  if (filters.action !== undefined) conditions.push(sql`action = ${filters.action}`);
  if (filters.action_group !== undefined) conditions.push(sql`action IN ${AUDIT_ACTION_GROUPS[filters.action_group]}`);
  conditions.push(...dayRangeConditions(filters, filters.timezone_offset_hours));
  return conditions;
}

/** Whether the entry's object is still there, so the screen links only to what it can open. */
const OBJECT_EXISTS = sql`CASE a.object_type
  WHEN 'user' THEN EXISTS (SELECT 1 FROM users o WHERE o.id = a.object_id)
  WHEN 'information' THEN EXISTS (SELECT 1 FROM inform_the_bot o WHERE o.id = a.object_id)
  WHEN 'document' THEN EXISTS (SELECT 1 FROM documents o WHERE o.id = a.object_id)
  WHEN 'help_request' THEN EXISTS (SELECT 1 FROM help_requests o WHERE o.id = a.object_id)
  WHEN 'feedback' THEN EXISTS (SELECT 1 FROM feedback o WHERE o.id = a.object_id)
  WHEN 'fun_fact' THEN EXISTS (SELECT 1 FROM fun_facts o WHERE o.id = a.object_id)
  WHEN 'site' THEN EXISTS (SELECT 1 FROM site_sources o WHERE o.id = a.object_id)
  WHEN 'integration_key' THEN EXISTS (SELECT 1 FROM integration_keys o WHERE o.id = a.object_id)
  WHEN 'bot_settings' THEN true
  ELSE false END`;

const presentAuditEntry = (record: AuditRecord): AuditEntry => ({
  id: Number(record.id),
  time: new Date(record.time).toISOString(),
  actor_id: record.actor_id,
  actor_name: record.actor_name,
  actor_email: record.actor_email,
  action: record.action,
  object_type: record.object_type,
  object_id: record.object_id,
  object_label: record.object_label,
  object_exists: record.object_exists,
  details: record.details,
  ip: record.ip,
});

/**
 * One page, newest first, with the filters' total. A deferred join: the inner query walks the
 * (time, id), (actor_id, time, id) or (action, time, id) index for the page's ids only.
 */
export async function findAuditLogPage(db: Db, filters: AuditLogFilters, pageIndex: number): Promise<{ rows: AuditEntry[]; totalCount: number }> {
  const pageSize = PAGE_SIZE.auditLog;
  const where = auditFilterClause(filters);
  const [records, [total]] = await Promise.all([
    sqlRows<AuditRecord>(
      db,
      sql`SELECT a.id, a.time, a.actor_id, a.actor_name, a.actor_email, a.action, a.object_type, a.object_id,
                 a.object_label, a.details, a.ip, ${OBJECT_EXISTS} AS object_exists
          FROM (SELECT id FROM audit_log ${where} ORDER BY time DESC, id DESC LIMIT ${pageSize} OFFSET ${pageIndex * pageSize}) page
          JOIN audit_log a ON a.id = page.id
          ORDER BY a.time DESC, a.id DESC`,
    ),
    sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM audit_log ${where}`),
  ]);
  return { rows: records.map(presentAuditEntry), totalCount: Number(total?.count ?? 0) };
}

/** An entry as an export writes it: the time as UTC text with microseconds (the keyset's key). */
const EXPORTED_COLUMNS = sql.raw(
  `id, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time, actor_id, actor_name, actor_email, action, object_type, object_id, object_label, details, ip`,
);

/** An entry's large columns, as an export's batch weighs them (lib/list-filter-sql.ts). */
const AUDIT_ROW_BYTES = sql`octet_length(object_label) + pg_column_size(details) + coalesce(octet_length(actor_name), 0) + coalesce(octet_length(actor_email), 0)`;

/** The export's entries under the filters (issue 40), newest first, a batch at a time. */
export const auditExportBatches = (db: Db, filters: AuditLogFilters): AsyncGenerator<AuditEntry[]> =>
  mapBatches(keysetBatches<Omit<AuditRecord, 'object_exists'> & { id: number; time: string }>(db, sql`audit_log`, EXPORTED_COLUMNS, auditFilterConditions(filters), AUDIT_ROW_BYTES), (batch) =>
    batch.map((record) => presentAuditEntry({ ...record, object_exists: false })),
  );

/** Everyone who appears as an actor, by name, with the name and email of their latest entry. */
export async function listAuditPeople(db: Db): Promise<AuditLogPerson[]> {
  const rows = await sqlRows<{ actor_id: number; name: string | null; email: string | null }>(
    db,
    sql`SELECT DISTINCT ON (actor_id) actor_id, actor_name AS name, actor_email AS email
        FROM audit_log WHERE actor_id IS NOT NULL
        ORDER BY actor_id, time DESC, id DESC`,
  );
  return rows
    .map((row) => ({ actor_id: row.actor_id, name: row.name ?? '', email: row.email ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.actor_id - b.actor_id);
}
