import { type SQL, sql } from 'drizzle-orm';
import { SITE_SYNCS_SHOWN, type SiteSyncStatus, type SiteSyncTrigger, SYNC_INTERVAL_MS } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';

/** One sync of a source (migration 3410): a website's, its first read included, or (3650) a document's added by URL. */
export interface SiteSyncRecord {
  id: number;
  siteId: number | null;
  documentId: number | null;
  trigger: SiteSyncTrigger;
  /** The staff member's name; null when the schedule started it. */
  requestedBy: string | null;
  status: SiteSyncStatus;
  message: string | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  counts: { checked: number; unchanged: number; changed: number; added: number; removed: number; failed: number };
}

interface SyncSqlRow {
  id: number;
  site_id: number | null;
  document_id: number | null;
  trigger: SiteSyncTrigger;
  requested_by: string | null;
  status: SiteSyncStatus;
  message: string | null;
  queued_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  checked: number;
  unchanged: number;
  changed: number;
  added: number;
  removed: number;
  failed: number;
}

const when = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toRecord = (row: SyncSqlRow): SiteSyncRecord => ({
  id: row.id,
  siteId: row.site_id,
  documentId: row.document_id,
  trigger: row.trigger,
  requestedBy: row.requested_by,
  status: row.status,
  message: row.message,
  queuedAt: new Date(row.queued_at),
  startedAt: when(row.started_at),
  finishedAt: when(row.finished_at),
  counts: { checked: row.checked, unchanged: row.unchanged, changed: row.changed, added: row.added, removed: row.removed, failed: row.failed },
});

const SYNC_SELECT = sql`
  SELECT id, site_id, document_id, trigger, requested_by, status, message, queued_at, started_at, finished_at, checked, unchanged, changed, added, removed, failed
  FROM site_syncs`;

/** The source a sync is of: a website, or a document added by URL. */
export type SyncSource = { siteId: number } | { documentId: number };

const sourceColumn = (source: SyncSource): SQL => ('siteId' in source ? sql`site_id = ${source.siteId}` : sql`document_id = ${source.documentId}`);

/** What one sync found, counted (a site's pages, or a document's one URL). */
export type SyncCounts = SiteSyncRecord['counts'];

/** `times` the interval of a schedule column's value, as an SQL interval. */
export const intervalOf = (schedule: SQL, times: number): SQL =>
  sql`make_interval(secs => ${times}::int * (CASE ${schedule} WHEN 'daily' THEN ${SYNC_INTERVAL_MS.daily / 1000}::int ELSE ${SYNC_INTERVAL_MS.weekly / 1000}::int END))`;

/** Records a sync about to be queued; call in the transaction that queues its job. */
export async function createSync(db: Db, source: SyncSource, trigger: SiteSyncTrigger, by: { id: number; name: string } | null): Promise<number> {
  const siteId = 'siteId' in source ? source.siteId : null;
  const documentId = 'documentId' in source ? source.documentId : null;
  const [row] = await sqlRows<{ id: number }>(db, sql`
    INSERT INTO site_syncs (site_id, document_id, trigger, requested_by, requested_by_user_id)
    VALUES (${siteId}, ${documentId}, ${trigger}, ${by?.name ?? null}, ${by?.id ?? null})
    RETURNING id`);
  if (!row) throw new Error('The sync was not recorded.');
  return row.id;
}

export async function findSync(db: Db, id: number): Promise<SiteSyncRecord | undefined> {
  const [row] = await sqlRows<SyncSqlRow>(db, sql`${SYNC_SELECT} WHERE id = ${id}`);
  return row ? toRecord(row) : undefined;
}

/** The source's newest sync still to finish (a crawl queued before syncs were recorded has none). */
export async function openSyncOf(db: Db, source: SyncSource): Promise<number | undefined> {
  const [row] = await sqlRows<{ id: number }>(db, sql`
    SELECT id FROM site_syncs WHERE ${sourceColumn(source)} AND status IN ('queued', 'running') ORDER BY id DESC LIMIT 1`);
  return row?.id;
}

/** The sync's job started (or started again after a crash: its first start is kept). */
export async function startSync(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE site_syncs SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = ${id}`);
}

/** Ends the sync, its pages counted by what it found of each (site_pages.sync_outcome); answers it, ended, or undefined if it already was. */
export async function finishSync(db: Db, id: number, status: Exclude<SiteSyncStatus, 'queued' | 'running'>, message: string | null): Promise<SiteSyncRecord | undefined> {
  const ended = await sqlRows<{ id: number }>(db, sql`
    UPDATE site_syncs y SET status = ${status}, message = ${message}, finished_at = now(), started_at = coalesce(y.started_at, now()),
      checked = c.checked, unchanged = c.unchanged, changed = c.changed, added = c.added, removed = c.removed, failed = c.failed
    FROM (
      SELECT count(*)::int AS checked,
        count(*) FILTER (WHERE sync_outcome = 'unchanged')::int AS unchanged,
        count(*) FILTER (WHERE sync_outcome = 'changed')::int AS changed,
        count(*) FILTER (WHERE sync_outcome = 'added')::int AS added,
        count(*) FILTER (WHERE sync_outcome = 'removed')::int AS removed,
        count(*) FILTER (WHERE sync_outcome = 'failed')::int AS failed
      FROM site_pages WHERE sync_id = ${id}
    ) c
    WHERE y.id = ${id} AND y.status IN ('queued', 'running')
    RETURNING y.id`);
  return ended.length > 0 ? findSync(db, id) : undefined;
}

/** Ends a document's sync with what it found of its one URL (a site's counts its pages: finishSync); answers it as finishSync does. */
export async function finishSyncCounted(
  db: Db,
  id: number,
  status: Exclude<SiteSyncStatus, 'queued' | 'running'>,
  message: string | null,
  counts: Partial<SyncCounts>,
): Promise<SiteSyncRecord | undefined> {
  const count = (key: keyof SyncCounts) => counts[key] ?? 0;
  const ended = await sqlRows<{ id: number }>(db, sql`
    UPDATE site_syncs SET status = ${status}, message = ${message}, finished_at = now(), started_at = coalesce(started_at, now()),
      checked = ${count('checked')}, unchanged = ${count('unchanged')}, changed = ${count('changed')}, added = ${count('added')},
      removed = ${count('removed')}, failed = ${count('failed')}
    WHERE id = ${id} AND status IN ('queued', 'running')
    RETURNING id`);
  return ended.length > 0 ? findSync(db, id) : undefined;
}

/** A source's syncs, newest first (its history). */
export async function listSyncs(db: Db, source: SyncSource): Promise<SiteSyncRecord[]> {
  return (await sqlRows<SyncSqlRow>(db, sql`${SYNC_SELECT} WHERE ${sourceColumn(source)} ORDER BY id DESC LIMIT ${SITE_SYNCS_SHOWN}`)).map(toRecord);
}

/** Each site's newest sync, by site id. */
export async function latestSyncs(db: Db): Promise<Map<number, SiteSyncRecord>> {
  const rows = await sqlRows<SyncSqlRow & { site_id: number }>(db, sql`${SYNC_SELECT} WHERE id IN (SELECT max(id) FROM site_syncs WHERE site_id IS NOT NULL GROUP BY site_id)`);
  return new Map(rows.map((row) => [row.site_id, toRecord(row)]));
}

/** The document's newest sync, if any. */
export async function latestDocumentSync(db: Db, documentId: number): Promise<SiteSyncRecord | undefined> {
  const [row] = await sqlRows<SyncSqlRow>(db, sql`${SYNC_SELECT} WHERE document_id = ${documentId} ORDER BY id DESC LIMIT 1`);
  return row ? toRecord(row) : undefined;
}

/** When the document's newest completed sync finished (overdue is counted from it). */
export async function lastCompletedDocumentSyncAt(db: Db, documentId: number): Promise<Date | null> {
  const [row] = await sqlRows<{ at: Date | string | null }>(db, sql`
    SELECT max(finished_at) AS at FROM site_syncs WHERE document_id = ${documentId} AND status = 'completed'`);
  return when(row?.at ?? null);
}

/**
 * The sites whose schedule makes a sync due at `now`: a schedule set, not being read, and no sync queued within its
 * interval (the first read's included).
 */
export async function sitesDueForSync(db: Db, now: Date): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(db, sql`
    SELECT s.id FROM site_sources s
    WHERE s.sync_schedule <> 'off' AND s.status NOT IN ('queued', 'crawling')
      AND coalesce((SELECT max(y.queued_at) FROM site_syncs y WHERE y.site_id = s.id), s.added_at)
        <= ${now.toISOString()}::timestamptz - ${intervalOf(sql`s.sync_schedule`, 1)}
    ORDER BY s.id`);
  return rows.map((row) => row.id);
}

/**
 * Sources whose last sync failed, and those overdue (a schedule set, no sync finished within twice its interval):
 * Insights' document health. Websites and documents added by URL alike.
 */
export async function syncHealth(db: Db, now: Date): Promise<{ failed: number; overdue: number }> {
  const [row] = await sqlRows<{ failed: SqlBigint; overdue: SqlBigint }>(db, sql`
    WITH latest AS (
      SELECT s.sync_schedule, s.added_at,
        (SELECT y.status FROM site_syncs y WHERE y.site_id = s.id ORDER BY y.id DESC LIMIT 1) AS last_status,
        (SELECT max(y.finished_at) FROM site_syncs y WHERE y.site_id = s.id AND y.status = 'completed') AS last_completed
      FROM site_sources s
      UNION ALL
      SELECT d.sync_schedule, d.added_at,
        (SELECT y.status FROM site_syncs y WHERE y.document_id = d.document_id ORDER BY y.id DESC LIMIT 1),
        (SELECT max(y.finished_at) FROM site_syncs y WHERE y.document_id = d.document_id AND y.status = 'completed')
      FROM document_url_sources d
    )
    SELECT count(*) FILTER (WHERE last_status = 'failed') AS failed,
      count(*) FILTER (WHERE sync_schedule <> 'off' AND coalesce(last_completed, added_at)
        < ${now.toISOString()}::timestamptz - ${intervalOf(sql`sync_schedule`, 2)}) AS overdue
    FROM latest`);
  return { failed: counted(row?.failed), overdue: counted(row?.overdue) };
}
