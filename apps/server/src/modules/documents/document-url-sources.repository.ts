import { sql } from 'drizzle-orm';
import type { DocumentUrlSourceState } from '@steward/contract/document-sources';
import type { SyncSchedule } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { PageValidators } from '../../ingest/remote/fetch-remote-pdf.ts';
import { intervalOf } from './site-syncs.repository.ts';

/** A document added by URL as a source (migration 3650). */
export interface DocumentUrlSource {
  documentId: number;
  url: string;
  validators: PageValidators;
  contentHash: string | null;
  syncSchedule: SyncSchedule;
  state: DocumentUrlSourceState;
  message: string | null;
  goneCount: number;
  addedAt: Date;
}

interface SourceSqlRow {
  document_id: number;
  url: string;
  etag: string | null;
  last_modified: string | null;
  content_hash: string | null;
  sync_schedule: SyncSchedule;
  state: DocumentUrlSourceState;
  message: string | null;
  gone_count: number;
  added_at: Date | string;
}

const toSource = (row: SourceSqlRow): DocumentUrlSource => ({
  documentId: row.document_id,
  url: row.url,
  validators: { etag: row.etag, lastModified: row.last_modified },
  contentHash: row.content_hash,
  syncSchedule: row.sync_schedule,
  state: row.state,
  message: row.message,
  goneCount: row.gone_count,
  addedAt: new Date(row.added_at),
});

/** Where a file fetched by URL came from (POST /api/upload-url): kept with the file until a document is registered from it. */
export async function recordFileOrigin(db: Db, fileId: string, origin: { url: string; validators: PageValidators; contentHash: string }): Promise<void> {
  await db.execute(sql`
    UPDATE document_files SET fetched_url = ${origin.url}, fetched_etag = ${origin.validators.etag},
      fetched_last_modified = ${origin.validators.lastModified}, content_hash = ${origin.contentHash}
    WHERE file_id = ${fileId}`);
}

/** A document registered from a file fetched by URL becomes a URL source (its schedule off); other files change nothing. */
export async function createSourceFromFile(db: Db, documentId: number, fileId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO document_url_sources (document_id, url, etag, last_modified, content_hash)
    SELECT ${documentId}, fetched_url, fetched_etag, fetched_last_modified, content_hash
    FROM document_files WHERE file_id = ${fileId} AND fetched_url IS NOT NULL
    ON CONFLICT (document_id) DO NOTHING`);
}

export async function findUrlSource(db: Db, documentId: number, options: { forUpdate?: boolean } = {}): Promise<DocumentUrlSource | undefined> {
  const [row] = await sqlRows<SourceSqlRow>(db, sql`
    SELECT document_id, url, etag, last_modified, content_hash, sync_schedule, state, message, gone_count, added_at
    FROM document_url_sources WHERE document_id = ${documentId}${options.forUpdate ? sql` FOR UPDATE` : sql``}`);
  return row ? toSource(row) : undefined;
}

export async function setUrlSourceSchedule(db: Db, documentId: number, schedule: SyncSchedule): Promise<void> {
  await db.execute(sql`UPDATE document_url_sources SET sync_schedule = ${schedule} WHERE document_id = ${documentId}`);
}

/** The copy indexed is the URL's latest: its validators and hash kept, nothing gone, nothing failing. */
export async function markUrlSourceCurrent(db: Db, documentId: number, copy: { validators: PageValidators; contentHash?: string }): Promise<void> {
  await db.execute(sql`
    UPDATE document_url_sources SET state = 'current', message = NULL, gone_count = 0,
      etag = ${copy.validators.etag}, last_modified = ${copy.validators.lastModified},
      content_hash = ${copy.contentHash === undefined ? sql`content_hash` : copy.contentHash}
    WHERE document_id = ${documentId}`);
}

/** A sync failed: the last good text answers, and says why (a retired source stays retired). */
export async function markUrlSourceFailing(db: Db, documentId: number, message: string, options: { gone?: boolean } = {}): Promise<number> {
  const [row] = await sqlRows<{ gone_count: number }>(db, sql`
    UPDATE document_url_sources SET
      state = CASE WHEN state = 'retired' THEN state ELSE 'failing' END,
      message = CASE WHEN state = 'retired' THEN message ELSE ${message} END,
      gone_count = ${options.gone ? sql`gone_count + 1` : sql`0`}
    WHERE document_id = ${documentId}
    RETURNING gone_count`);
  return row?.gone_count ?? 0;
}

/** Gone twice in a row: retired, its validators forgotten so that a copy found again is read whole. */
export async function markUrlSourceRetired(db: Db, documentId: number, message: string): Promise<void> {
  await db.execute(sql`
    UPDATE document_url_sources SET state = 'retired', message = ${message}, etag = NULL, last_modified = NULL, content_hash = NULL
    WHERE document_id = ${documentId}`);
}

/**
 * The documents added by URL whose schedule makes a sync due at `now`: a schedule set, no sync queued or running, and
 * none queued within its interval (counted from when the source was added before the first).
 */
export async function urlSourcesDueForSync(db: Db, now: Date): Promise<number[]> {
  const rows = await sqlRows<{ document_id: number }>(db, sql`
    SELECT d.document_id FROM document_url_sources d
    WHERE d.sync_schedule <> 'off'
      AND NOT EXISTS (SELECT 1 FROM site_syncs y WHERE y.document_id = d.document_id AND y.status IN ('queued', 'running'))
      AND coalesce((SELECT max(y.queued_at) FROM site_syncs y WHERE y.document_id = d.document_id), d.added_at)
        <= ${now.toISOString()}::timestamptz - ${intervalOf(sql`d.sync_schedule`, 1)}
    ORDER BY d.document_id`);
  return rows.map((row) => row.document_id);
}
