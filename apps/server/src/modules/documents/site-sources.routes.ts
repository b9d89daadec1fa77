import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canAddSites, canManageDocuments, canReadDocuments } from '@steward/contract/permissions';
import {
  addSiteRequest,
  type SitePageRow,
  sitePageRow,
  type SiteRow,
  siteRow,
  SITE_MESSAGES,
  siteScheduleRequest,
  siteSyncRow,
} from '@steward/contract/sites';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import { addSite, cancelSiteCrawl, deleteSite, setSiteSchedule, syncSiteNow } from './site-sources.actions.ts';
import { findSite, listSitePages, listSites, type SitePageRecord, type SiteRecord } from './site-sources.repository.ts';
import { latestSyncs, listSyncs, type SiteSyncRecord } from './site-syncs.repository.ts';
import { isSyncOverdue, presentSync } from './source-syncs.presenter.ts';

/** Fields copied one by one: nothing internal (the page's hash, the uploader's id) can leak into an answer. */
const presentSite = (site: SiteRecord, lastSync: SiteSyncRecord | undefined): SiteRow => ({
  id: site.id,
  start_url: site.startUrl,
  start_kind: site.startKind,
  max_pages: site.maxPages,
  max_depth: site.maxDepth,
  include_prefixes: site.includePrefixes,
  exclude_prefixes: site.excludePrefixes,
  status: site.status,
  message: site.message,
  pages_found: site.pages.found,
  pages_read: site.pages.read,
  pages_indexed: site.pages.indexed,
  pages_failed: site.pages.failed,
  added_by: site.addedBy,
  added_at: site.addedAt.toISOString(),
  finished_at: site.finishedAt?.toISOString() ?? null,
  sync_schedule: site.syncSchedule,
  last_sync: lastSync ? presentSync(lastSync) : null,
  sync_overdue: isSyncOverdue(site, new Date()),
});

const presentPage = (page: SitePageRecord, totalCount: number): SitePageRow => ({
  id: page.id,
  url: page.url,
  title: page.title,
  status: page.status,
  message: page.message,
  chunks: page.chunks,
  document_id: page.documentId,
  total_count: totalCount,
});

/** Website sources on the Documents screen (issue 55): list, add, a site's pages, cancel, delete; sync now, its schedule, its history. */
export async function siteSourceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Sites answered after a change, with their newest sync. */
  const presented = async (sites: SiteRecord[]): Promise<SiteRow[]> => {
    const syncs = await latestSyncs(db);
    return sites.map((site) => presentSite(site, syncs.get(site.id)));
  };
  const siteParams = { params: z.object({ id: idParam }), response: { 200: rowsAnswer(siteRow) } };

  api.get('/api/sites', { config: { access: canReadDocuments }, schema: { response: { 200: rowsAnswer(siteRow) } } }, async () => ({
    success: true as const,
    data: { rows: await presented(await listSites(db)) },
  }));

  api.post('/api/sites', { config: { access: canAddSites }, schema: { body: addSiteRequest, response: { 200: rowsAnswer(siteRow) } } }, async (request) => {
    const actor = signedInActor(request);
    const site = await db.transaction((tx) => addSite(tx, actor, request.body));
    return { success: true as const, data: { rows: await presented([site]) } };
  });

  api.get(
    '/api/sites/:id/pages/:pageIndex',
    {
      config: { access: canReadDocuments },
      schema: { params: z.object({ id: idParam, pageIndex: pageIndexParam }), response: { 200: rowsAnswer(sitePageRow) } },
    },
    async (request) => {
      if (!(await findSite(db, request.params.id))) throw new HttpError(404, SITE_MESSAGES.notFound);
      const { pages, totalCount } = await listSitePages(db, request.params.id, request.params.pageIndex);
      return { success: true as const, data: { rows: pages.map((page) => presentPage(page, totalCount)) } };
    },
  );

  api.post(
    '/api/sites/:id/cancel',
    { config: { access: canAddSites }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(siteRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const site = await db.transaction((tx) => cancelSiteCrawl(tx, actor, request.params.id));
      return { success: true as const, data: { rows: await presented([site]) } };
    },
  );

  api.post('/api/sites/:id/sync', { config: { access: canAddSites }, schema: siteParams }, async (request) => {
    const actor = signedInActor(request);
    const site = await db.transaction((tx) => syncSiteNow(tx, actor, request.params.id));
    return { success: true as const, data: { rows: await presented([site]) } };
  });

  api.post(
    '/api/sites/:id/schedule',
    { config: { access: canAddSites }, schema: { ...siteParams, body: siteScheduleRequest } },
    async (request) => {
      const actor = signedInActor(request);
      const site = await db.transaction((tx) => setSiteSchedule(tx, actor, request.params.id, request.body.sync_schedule));
      return { success: true as const, data: { rows: await presented([site]) } };
    },
  );

  api.get(
    '/api/sites/:id/syncs',
    { config: { access: canReadDocuments }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(siteSyncRow) } } },
    async (request) => {
      if (!(await findSite(db, request.params.id))) throw new HttpError(404, SITE_MESSAGES.notFound);
      return { success: true as const, data: { rows: (await listSyncs(db, { siteId: request.params.id })).map(presentSync) } };
    },
  );

  api.post(
    '/api/sites/:id/delete',
    { config: { access: canManageDocuments }, schema: { params: z.object({ id: idParam }), response: { 200: successAnswer } } },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => deleteSite(tx, actor, request.params.id));
      return { success: true as const };
    },
  );
}
