import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SITE_PAGES_PAGE_SIZE, type SitePageStatus, type SitePageSyncOutcome, type SiteStartKind, type SiteStatus, type SyncSchedule } from '@steward/contract/sites';
import type { PageValidators } from '../../ingest/remote/fetch-remote-page.ts';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';

export interface SiteRecord {
  id: number;
  startUrl: string;
  startKind: SiteStartKind;
  maxPages: number;
  maxDepth: number;
  includePrefixes: string[];
  excludePrefixes: string[];
  status: SiteStatus;
  message: string | null;
  addedBy: string;
  addedAt: Date;
  finishedAt: Date | null;
  syncSchedule: SyncSchedule;
  /** When its last sync that completed finished (the first read's included). */
  lastCompletedSyncAt: Date | null;
  pages: { found: number; read: number; indexed: number; failed: number };
}

interface SiteSqlRow {
  id: number;
  start_url: string;
  start_kind: SiteStartKind;
  max_pages: number;
  max_depth: number;
  include_prefixes: string[] | string;
  exclude_prefixes: string[] | string;
  status: SiteStatus;
  message: string | null;
  added_by: string;
  added_at: Date | string;
  finished_at: Date | string | null;
  sync_schedule: SyncSchedule;
  last_completed_sync_at: Date | string | null;
  found: SqlBigint;
  read: SqlBigint;
  indexed: SqlBigint;
  failed: SqlBigint;
}

const jsonList = (value: string[] | string): string[] => (typeof value === 'string' ? (JSON.parse(value) as string[]) : value);

const toRecord = (row: SiteSqlRow): SiteRecord => ({
  id: row.id,
  startUrl: row.start_url,
  startKind: row.start_kind,
  maxPages: row.max_pages,
  maxDepth: row.max_depth,
  includePrefixes: jsonList(row.include_prefixes),
  excludePrefixes: jsonList(row.exclude_prefixes),
  status: row.status,
  message: row.message,
  addedBy: row.added_by,
  addedAt: new Date(row.added_at),
  finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  syncSchedule: row.sync_schedule,
  lastCompletedSyncAt: row.last_completed_sync_at === null ? null : new Date(row.last_completed_sync_at),
  pages: { found: counted(row.found), read: counted(row.read), indexed: counted(row.indexed), failed: counted(row.failed) },
});

/** A site with its pages counted by state (a site has at most a few thousand pages, over its own index); retired pages are not counted. */
const SITE_SELECT = sql`
  SELECT s.id, s.start_url, s.start_kind, s.max_pages, s.max_depth, s.include_prefixes, s.exclude_prefixes, s.status, s.message,
    s.added_by, s.added_at, s.finished_at, s.sync_schedule,
    (SELECT max(y.finished_at) FROM site_syncs y WHERE y.site_id = s.id AND y.status = 'completed') AS last_completed_sync_at,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id AND p.status <> 'retired') AS found,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id AND p.status NOT IN ('found', 'retired')) AS read,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id AND p.status = 'indexed') AS indexed,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id AND p.status = 'failed') AS failed
  FROM site_sources s`;

/** Every website source, newest first: staff add a handful, each one card. */
export async function listSites(db: Db): Promise<SiteRecord[]> {
  return (await sqlRows<SiteSqlRow>(db, sql`${SITE_SELECT} ORDER BY s.added_at DESC, s.id DESC`)).map(toRecord);
}

export async function findSite(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<SiteRecord | undefined> {
  if (options.forUpdate) await db.execute(sql`SELECT id FROM site_sources WHERE id = ${id} FOR UPDATE`);
  const rows = await sqlRows<SiteSqlRow>(db, sql`${SITE_SELECT} WHERE s.id = ${id}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export type NewSite = Pick<SiteRecord, 'startUrl' | 'startKind' | 'maxPages' | 'maxDepth' | 'includePrefixes' | 'excludePrefixes'> & {
  addedBy: { id: number; name: string };
};

export async function createSite(db: Db, site: NewSite): Promise<SiteRecord> {
  const [created] = await sqlRows<{ id: number }>(db, sql`
    INSERT INTO site_sources (start_url, start_kind, max_pages, max_depth, include_prefixes, exclude_prefixes, added_by, added_by_user_id)
    VALUES (${site.startUrl}, ${site.startKind}, ${site.maxPages}, ${site.maxDepth}, ${JSON.stringify(site.includePrefixes)}::jsonb,
      ${JSON.stringify(site.excludePrefixes)}::jsonb, ${site.addedBy.name}, ${site.addedBy.id})
    RETURNING id`);
  const record = created ? await findSite(db, created.id) : undefined;
  if (!record) throw new Error('The new website source was not stored.');
  return record;
}

/** Deletes the site; its pages, their documents and those documents' chunks go with it (foreign keys). */
export async function deleteSite(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM site_sources WHERE id = ${id}`);
}

/** Moves the site to a state; an end state (completed, cancelled, error) stamps the time it ended. */
export async function setSiteStatus(db: Db, id: number, status: SiteStatus, message: string | null): Promise<void> {
  const ended = status === 'completed' || status === 'cancelled' || status === 'error';
  await db.execute(sql`
    UPDATE site_sources SET status = ${status}, message = ${message}, finished_at = ${ended ? sql`now()` : sql`NULL`} WHERE id = ${id}`);
}

/** The site's state now, or undefined once it is deleted: the crawl asks between pages whether to go on. */
export async function siteStatus(db: Db, id: number): Promise<SiteStatus | undefined> {
  const rows = await sqlRows<{ status: SiteStatus }>(db, sql`SELECT status FROM site_sources WHERE id = ${id}`);
  return rows[0]?.status;
}

export interface SitePageRecord {
  id: number;
  url: string;
  title: string | null;
  status: SitePageStatus;
  message: string | null;
  contentHash: string | null;
  documentId: number | null;
  chunks: number;
}

/** One page of a site's pages, in the order they were found. */
export async function listSitePages(db: Db, siteId: number, pageIndex: number): Promise<{ pages: SitePageRecord[]; totalCount: number }> {
  const rows = await sqlRows<{
    id: number;
    url: string;
    title: string | null;
    status: SitePageStatus;
    message: string | null;
    content_hash: string | null;
    document_id: number | null;
    chunks: SqlBigint;
    total_count: SqlBigint;
  }>(db, sql`
    SELECT p.id, p.url, p.title, p.status, p.message, p.content_hash, p.document_id,
      (SELECT count(*) FROM knowledge_chunks c WHERE c.document_id = p.document_id) AS chunks,
      count(*) OVER () AS total_count
    FROM site_pages p WHERE p.site_id = ${siteId}
    ORDER BY p.id LIMIT ${SITE_PAGES_PAGE_SIZE} OFFSET ${pageIndex * SITE_PAGES_PAGE_SIZE}`);
  return {
    pages: rows.map((row) => ({
      id: row.id,
      url: row.url,
      title: row.title,
      status: row.status,
      message: row.message,
      contentHash: row.content_hash,
      documentId: row.document_id,
      chunks: counted(row.chunks),
    })),
    totalCount: counted(rows[0]?.total_count),
  };
}

/** A page found: recorded once (a crawl run again, or a sync, finds its pages again and keeps what they were). */
export async function recordPageFound(db: Db, siteId: number, url: string, depth: number): Promise<void> {
  await db.execute(sql`INSERT INTO site_pages (site_id, url, depth) VALUES (${siteId}, ${url}, ${depth}) ON CONFLICT (site_id, url) DO NOTHING`);
}

/** The pages a sync of a start page's source finds again first, at their depth: all but the retired ones. */
export async function knownPages(db: Db, siteId: number): Promise<{ url: string; depth: number }[]> {
  return sqlRows<{ url: string; depth: number }>(db, sql`SELECT url, depth FROM site_pages WHERE site_id = ${siteId} AND status <> 'retired' ORDER BY id`);
}

/** The validators of each page that has text answering, by URL: a sync asks for them conditionally. */
export async function pageValidators(db: Db, siteId: number): Promise<Map<string, PageValidators>> {
  const rows = await sqlRows<{ url: string; etag: string | null; last_modified: string | null }>(db, sql`
    SELECT url, etag, last_modified FROM site_pages
    WHERE site_id = ${siteId} AND document_id IS NOT NULL AND (etag IS NOT NULL OR last_modified IS NOT NULL)`);
  return new Map(rows.map((row) => [row.url, { etag: row.etag, lastModified: row.last_modified }]));
}

/** What a sync found of a page: kept once per sync, a change found before a crash outliving the same page found unchanged after it. */
const syncOutcome = (syncId: number, outcome: SitePageSyncOutcome) =>
  outcome === 'unchanged'
    ? sql`CASE WHEN site_pages.sync_id = ${syncId} AND site_pages.sync_outcome IN ('changed', 'added') THEN site_pages.sync_outcome ELSE 'unchanged' END`
    : sql`${outcome}`;

export async function findSitePage(db: Db, siteId: number, url: string): Promise<SitePageRecord | undefined> {
  const rows = await sqlRows<{ id: number; url: string; title: string | null; status: SitePageStatus; message: string | null; content_hash: string | null; document_id: number | null }>(
    db,
    sql`SELECT id, url, title, status, message, content_hash, document_id FROM site_pages WHERE site_id = ${siteId} AND url = ${url}`,
  );
  const row = rows[0];
  return row
    ? { id: row.id, url: row.url, title: row.title, status: row.status, message: row.message, contentHash: row.content_hash, documentId: row.document_id, chunks: 0 }
    : undefined;
}

/**
 * A page that failed or was skipped, with the reason; its earlier document, if any, keeps answering. `gone` (it answered
 * 404 or 410) counts the syncs in a row that found it so, once per sync; any other outcome starts the count again.
 * Answers the count and whether the page has a document.
 */
export async function markPageOutcome(
  db: Db,
  siteId: number,
  url: string,
  outcome: { status: 'failed' | 'skipped'; message: string; syncId: number; gone?: boolean },
): Promise<{ goneCount: number; hasDocument: boolean }> {
  const gone = outcome.gone === true;
  const [row] = await sqlRows<{ gone_count: number; document_id: number | null }>(db, sql`
    INSERT INTO site_pages (site_id, url, status, message, gone_count, sync_id, sync_outcome)
    VALUES (${siteId}, ${url}, ${outcome.status}, ${outcome.message}, ${gone ? 1 : 0}, ${outcome.syncId}, ${outcome.status})
    ON CONFLICT (site_id, url) DO UPDATE SET status = EXCLUDED.status, message = EXCLUDED.message,
      gone_count = CASE WHEN NOT ${gone} THEN 0 WHEN site_pages.sync_id = ${outcome.syncId} THEN site_pages.gone_count ELSE site_pages.gone_count + 1 END,
      sync_id = EXCLUDED.sync_id, sync_outcome = EXCLUDED.sync_outcome
    RETURNING gone_count, document_id`);
  return { goneCount: row?.gone_count ?? 0, hasDocument: row?.document_id !== null && row?.document_id !== undefined };
}

/**
 * Retires a page gone from the site: its document is deleted with its chunks (the bot no longer answers from it), the
 * row stays with the reason. Call in the transaction that holds the site.
 */
export async function retirePage(tx: Db, siteId: number, url: string, message: string, syncId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM documents WHERE id = (SELECT document_id FROM site_pages WHERE site_id = ${siteId} AND url = ${url})`);
  await tx.execute(sql`
    UPDATE site_pages SET status = 'retired', message = ${message}, document_id = NULL, content_hash = NULL, etag = NULL, last_modified = NULL,
      sync_id = ${syncId}, sync_outcome = 'removed'
    WHERE site_id = ${siteId} AND url = ${url}`);
}

/** The pages a sync of a sitemap did not find (no longer listed): each retired. */
export async function pagesNotFoundBy(db: Db, siteId: number, syncId: number): Promise<string[]> {
  const rows = await sqlRows<{ url: string }>(db, sql`
    SELECT url FROM site_pages WHERE site_id = ${siteId} AND status <> 'retired' AND sync_id IS DISTINCT FROM ${syncId} ORDER BY id`);
  return rows.map((row) => row.url);
}

/** Pages found by an earlier run and not reached by this one (its limits met first). */
export async function markUnreachedPages(db: Db, siteId: number, message: string, syncId: number): Promise<void> {
  await db.execute(sql`
    UPDATE site_pages SET status = 'skipped', message = ${message}, sync_id = ${syncId}, sync_outcome = 'skipped' WHERE site_id = ${siteId} AND status = 'found'`);
}

/**
 * A page's document (cited by the URL it led to, `sourceUrl`; created the first time, its title kept current after), with the page marked indexed.
 * Call in the transaction that writes its chunks. The document is completed at once: it has no file to read.
 */
export async function savePageDocument(
  tx: Db,
  site: Pick<SiteRecord, 'id' | 'addedBy'>,
  page: { url: string; sourceUrl: string; title: string; contentHash: string; validators: PageValidators },
  sync: { syncId: number; outcome: 'changed' | 'added' },
): Promise<number> {
  const fileId = `site-page:${site.id}:${createHash('sha256').update(page.url).digest('hex').slice(0, 32)}`;
  const cited = new URL(page.sourceUrl);
  const filename = cited.pathname.split('/').filter(Boolean).pop() ?? cited.hostname;
  const [document] = await sqlRows<{ id: number }>(tx, sql`
    INSERT INTO documents (file_id, filename, title, source_url, content_type, uploaded_by, status, site_id)
    VALUES (${fileId}, ${filename.slice(0, 500)}, ${page.title.slice(0, 500)}, ${page.sourceUrl}, 'html', ${site.addedBy}, 'completed', ${site.id})
    ON CONFLICT (file_id) DO UPDATE SET title = EXCLUDED.title, source_url = EXCLUDED.source_url, filename = EXCLUDED.filename, status = 'completed', error_message = NULL
    RETURNING id`);
  if (!document) throw new Error('The page’s document was not stored.');
  await tx.execute(sql`
    INSERT INTO site_pages (site_id, url, title, status, message, content_hash, document_id, etag, last_modified, gone_count, sync_id, sync_outcome)
    VALUES (${site.id}, ${page.url}, ${page.title}, 'indexed', NULL, ${page.contentHash}, ${document.id}, ${page.validators.etag}, ${page.validators.lastModified},
      0, ${sync.syncId}, ${sync.outcome})
    ON CONFLICT (site_id, url) DO UPDATE SET title = EXCLUDED.title, status = 'indexed', message = NULL,
      content_hash = EXCLUDED.content_hash, document_id = EXCLUDED.document_id, etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified,
      gone_count = 0, sync_id = EXCLUDED.sync_id, sync_outcome = EXCLUDED.sync_outcome`);
  return document.id;
}

/**
 * An indexed page found unchanged (a 304, or the same text read again): it stays as it is, its text still answering;
 * new validators, when the page was read, are kept for the next sync.
 */
export async function markPageUnchanged(db: Db, siteId: number, url: string, syncId: number, validators?: PageValidators): Promise<void> {
  await db.execute(sql`
    UPDATE site_pages SET status = 'indexed', message = NULL, gone_count = 0,
      etag = ${validators ? sql`${validators.etag}` : sql`etag`}, last_modified = ${validators ? sql`${validators.lastModified}` : sql`last_modified`},
      sync_outcome = ${syncOutcome(syncId, 'unchanged')}, sync_id = ${syncId}
    WHERE site_id = ${siteId} AND url = ${url}`);
}

/** Sets how often the site is synced by itself. */
export async function setSyncSchedule(db: Db, id: number, schedule: SyncSchedule): Promise<void> {
  await db.execute(sql`UPDATE site_sources SET sync_schedule = ${schedule} WHERE id = ${id}`);
}
