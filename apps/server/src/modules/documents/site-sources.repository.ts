import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SITE_PAGES_PAGE_SIZE, type SitePageStatus, type SiteStartKind, type SiteStatus } from '@steward/contract/sites';
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
  pages: { found: counted(row.found), read: counted(row.read), indexed: counted(row.indexed), failed: counted(row.failed) },
});

/** A site with its pages counted by state (a site has at most a few thousand pages, over its own index). */
const SITE_SELECT = sql`
  SELECT s.id, s.start_url, s.start_kind, s.max_pages, s.max_depth, s.include_prefixes, s.exclude_prefixes, s.status, s.message,
    s.added_by, s.added_at, s.finished_at,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id) AS found,
    (SELECT count(*) FROM site_pages p WHERE p.site_id = s.id AND p.status <> 'found') AS read,
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

/** A page found: recorded once (a crawl run again after a crash finds its pages again, and keeps what they were). */
export async function recordPageFound(db: Db, siteId: number, url: string): Promise<void> {
  await db.execute(sql`INSERT INTO site_pages (site_id, url) VALUES (${siteId}, ${url}) ON CONFLICT (site_id, url) DO NOTHING`);
}

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

/** A page that failed or was skipped, with the reason (its earlier document, if any, keeps answering). */
export async function markPageOutcome(db: Db, siteId: number, url: string, status: 'failed' | 'skipped', message: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO site_pages (site_id, url, status, message) VALUES (${siteId}, ${url}, ${status}, ${message})
    ON CONFLICT (site_id, url) DO UPDATE SET status = EXCLUDED.status, message = EXCLUDED.message`);
}

/** Pages found by an earlier run and not reached by this one (its limits met first). */
export async function markUnreachedPages(db: Db, siteId: number, message: string): Promise<void> {
  await db.execute(sql`UPDATE site_pages SET status = 'skipped', message = ${message} WHERE site_id = ${siteId} AND status = 'found'`);
}

/**
 * A page's document (cited by the URL it led to, `sourceUrl`; created the first time, its title kept current after), with the page marked indexed.
 * Call in the transaction that writes its chunks. The document is completed at once: it has no file to read.
 */
export async function savePageDocument(
  tx: Db,
  site: Pick<SiteRecord, 'id' | 'addedBy'>,
  page: { url: string; sourceUrl: string; title: string; contentHash: string },
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
    INSERT INTO site_pages (site_id, url, title, status, message, content_hash, document_id)
    VALUES (${site.id}, ${page.url}, ${page.title}, 'indexed', NULL, ${page.contentHash}, ${document.id})
    ON CONFLICT (site_id, url) DO UPDATE SET title = EXCLUDED.title, status = 'indexed', message = NULL,
      content_hash = EXCLUDED.content_hash, document_id = EXCLUDED.document_id`);
  return document.id;
}

/** An indexed page read again unchanged (a crawl run again after a crash): it stays as it is. */
export async function markPageUnchanged(db: Db, siteId: number, url: string): Promise<void> {
  await db.execute(sql`UPDATE site_pages SET status = 'indexed', message = NULL WHERE site_id = ${siteId} AND url = ${url}`);
}
