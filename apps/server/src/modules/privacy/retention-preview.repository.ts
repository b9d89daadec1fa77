import { sql, type SQL } from 'drizzle-orm';
import { RETENTION_KINDS, RETENTION_PREVIEW_COUNT_CAP, type RetentionKind, type RetentionPreviewRow, type RetentionSettings } from '@steward/contract/privacy';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { countFeedbackRows } from '../feedback/feedback.actions.ts';
import { countHelpRequestRows } from '../help-requests/help-requests.actions.ts';
import { countHistoryRows } from '../history/history.actions.ts';

const DAY_MS = 86_400_000;

/** Each kind's table (its `time` has a (time DESC, id DESC) index) and how many rows it holds in all. */
const KIND_TABLES: Record<RetentionKind, { table: SQL; total: (db: Db) => Promise<number> }> = {
  history: { table: sql`history`, total: countHistoryRows },
  feedback: { table: sql`feedback`, total: countFeedbackRows },
  helpRequests: { table: sql`help_requests`, total: countHelpRequestRows },
  // Staff actions: a small table next to the visitors' (its list counts it the same way).
  auditLog: { table: sql`audit_log`, total: async (db) => counted((await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM audit_log`))[0]?.count) },
};

/** The rows under `condition`, counted through the time index up to cap + 1 at most. */
async function countUpTo(db: Db, table: SQL, condition: SQL, cap: number): Promise<number> {
  const [row] = await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${table} WHERE ${condition} LIMIT ${cap + 1}) AS bounded`);
  return counted(row?.count);
}

/**
 * How many rows of a kind are older than `days` days: what the hourly clean-up deletes within the hour once such a
 * retention is saved (its cut-off is the same, worker/clean-up.ts). Exact while either side of the cut-off holds
 * at most `cap` rows (the other side then comes from the list's counter); else "more than `cap`", of the total.
 * So at a million rows it reads at most 2 × (cap + 1) index entries, never the table.
 */
export async function countRetentionPurge(db: Db, kind: RetentionKind, days: number | null, cap = RETENTION_PREVIEW_COUNT_CAP, now = Date.now()): Promise<RetentionPreviewRow> {
  const { table, total } = KIND_TABLES[kind];
  if (days === null) return { kind, days, rows: 0, more_than: false, total: await total(db) };
  const cutOff = new Date(now - days * DAY_MS).toISOString();
  const older = await countUpTo(db, table, sql`time < ${cutOff}::timestamptz`, cap);
  if (older <= cap) return { kind, days, rows: older, more_than: false, total: Math.max(older, await total(db)) };
  const all = await total(db);
  const newer = await countUpTo(db, table, sql`time >= ${cutOff}::timestamptz`, cap);
  if (newer <= cap) return { kind, days, rows: Math.max(all - newer, cap + 1), more_than: false, total: all };
  return { kind, days, rows: cap, more_than: true, total: all };
}

/** POST /api/data-retention/preview: every kind's count for the proposed retention. */
export async function previewRetentionPurge(db: Db, retention: RetentionSettings, cap?: number): Promise<RetentionPreviewRow[]> {
  const rows: RetentionPreviewRow[] = [];
  for (const kind of RETENTION_KINDS) rows.push(await countRetentionPurge(db, kind, retention[kind], cap));
  return rows;
}
