import { type AddSiteFields, isSiteCrawling, SITE_MESSAGES } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditObject, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { SITE_CRAWL_ATTEMPTS, SITE_CRAWL_QUEUE } from './site-crawl.ts';
import { createSite, deleteSite as deleteSiteRow, findSite, type SiteRecord, setSiteStatus } from './site-sources.repository.ts';

/** A website source as the audit log names it: by its start URL. */
const siteObject = (site: Pick<SiteRecord, 'id' | 'startUrl'>): AuditObject => ({ type: 'site', id: site.id, label: site.startUrl });

/** Adds a website source and queues its crawl, in the caller's transaction (POST /api/sites). */
export async function addSite(tx: Db, actor: StaffActor, request: AddSiteFields): Promise<SiteRecord> {
  const site = await createSite(tx, {
    startUrl: request.start_url,
    startKind: request.start_kind,
    maxPages: request.max_pages,
    maxDepth: request.max_depth,
    includePrefixes: request.include_prefixes,
    excludePrefixes: request.exclude_prefixes,
    addedBy: { id: actor.id, name: actor.name },
  });
  await enqueueJob(tx, SITE_CRAWL_QUEUE, { siteId: site.id }, { maxAttempts: SITE_CRAWL_ATTEMPTS });
  await recordAudit(tx, actor, { action: 'site_added', object: siteObject(site), details: { max_pages: site.maxPages, max_depth: site.maxDepth } });
  return site;
}

/** Stops a crawl: the job sees it at its next page; the pages indexed so far keep answering. */
export async function cancelSiteCrawl(tx: Db, actor: StaffActor, id: number): Promise<SiteRecord> {
  const site = await findSite(tx, id, { forUpdate: true });
  if (!site) throw new HttpError(404, SITE_MESSAGES.notFound);
  if (!isSiteCrawling(site.status)) throw new HttpError(409, SITE_MESSAGES.notCrawling);
  await setSiteStatus(tx, id, 'cancelled', SITE_MESSAGES.cancelled);
  await recordAudit(tx, actor, { action: 'site_cancelled', object: siteObject(site) });
  const cancelled = await findSite(tx, id);
  if (!cancelled) throw new HttpError(404, SITE_MESSAGES.notFound);
  return cancelled;
}

/** Deletes a website source with its pages' documents and chunks (not while it is being read: cancel first). */
export async function deleteSite(tx: Db, actor: StaffActor, id: number): Promise<void> {
  const site = await findSite(tx, id, { forUpdate: true });
  if (!site) throw new HttpError(404, SITE_MESSAGES.notFound);
  if (isSiteCrawling(site.status)) throw new HttpError(409, SITE_MESSAGES.crawling);
  await deleteSiteRow(tx, id);
  await recordAudit(tx, actor, { action: 'site_deleted', object: siteObject(site), details: { pages: site.pages.indexed } });
}
