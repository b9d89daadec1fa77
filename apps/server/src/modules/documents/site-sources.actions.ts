import { type AddSiteFields, isSiteCrawling, SITE_MESSAGES, type SiteSyncTrigger, type SyncSchedule } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditObject, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { SITE_CRAWL_ATTEMPTS, SITE_CRAWL_QUEUE } from './site-crawl.ts';
import { createSite, deleteSite as deleteSiteRow, findSite, type SiteRecord, setSiteStatus, setSyncSchedule } from './site-sources.repository.ts';
import { createSync, sitesDueForSync } from './site-syncs.repository.ts';

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
  await queueSync(tx, site.id, 'added', actor);
  await recordAudit(tx, actor, { action: 'site_added', object: siteObject(site), details: { max_pages: site.maxPages, max_depth: site.maxDepth } });
  return site;
}

/** Records a sync and queues its crawl: one job per sync, and a site never has two at once (its status says it is being read). */
async function queueSync(tx: Db, siteId: number, trigger: SiteSyncTrigger, by: StaffActor | null): Promise<number> {
  const syncId = await createSync(tx, { siteId }, trigger, by ? { id: by.id, name: by.name } : null);
  await enqueueJob(tx, SITE_CRAWL_QUEUE, { siteId, syncId }, { maxAttempts: SITE_CRAWL_ATTEMPTS });
  return syncId;
}

/** Reads the website again now (Sync now): refused while it is being read, so no two syncs of one site run at once. */
export async function syncSiteNow(tx: Db, actor: StaffActor, id: number): Promise<SiteRecord> {
  const site = await findSite(tx, id, { forUpdate: true });
  if (!site) throw new HttpError(404, SITE_MESSAGES.notFound);
  if (isSiteCrawling(site.status)) throw new HttpError(409, SITE_MESSAGES.crawling);
  await setSiteStatus(tx, id, 'queued', null);
  const syncId = await queueSync(tx, id, 'manual', actor);
  await recordAudit(tx, actor, { action: 'site_synced', object: siteObject(site), details: { sync: syncId } });
  return (await findSite(tx, id)) ?? site;
}

/** Sets how often the website is read again by itself; the audit log says who changed it from what to what. */
export async function setSiteSchedule(tx: Db, actor: StaffActor, id: number, schedule: SyncSchedule): Promise<SiteRecord> {
  const site = await findSite(tx, id, { forUpdate: true });
  if (!site) throw new HttpError(404, SITE_MESSAGES.notFound);
  if (site.syncSchedule === schedule) return site;
  await setSyncSchedule(tx, id, schedule);
  await recordAudit(tx, actor, { action: 'site_sync_schedule_changed', object: siteObject(site), details: { from: site.syncSchedule, to: schedule } });
  return (await findSite(tx, id)) ?? site;
}

/**
 * Queues a sync of each site whose schedule makes one due at `now`, each in its own transaction with the site locked
 * and checked again, so instances running this at once queue one sync per site. Answers how many were queued.
 */
export async function queueDueSyncs(db: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const id of await sitesDueForSync(db, now)) {
    queued += await db.transaction(async (tx) => {
      const site = await findSite(tx, id, { forUpdate: true });
      if (!site || isSiteCrawling(site.status) || !(await sitesDueForSync(tx, now)).includes(id)) return 0;
      await setSiteStatus(tx, id, 'queued', null);
      await queueSync(tx, id, 'schedule', null);
      return 1;
    });
  }
  return queued;
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
