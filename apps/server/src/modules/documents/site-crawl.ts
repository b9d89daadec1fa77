import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isSiteCrawling, SITE_MESSAGES } from '@steward/contract/sites';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fetchRemotePage, type FetchRemotePageOptions } from '../../ingest/remote/fetch-remote-page.ts';
import { type CrawledPage, CrawlError, crawlSite } from '../../ingest/site/crawl-site.ts';
import { readHtmlPageOffThread } from '../../ingest/site/html-page-reader.ts';
import { crawlerUserAgent } from '../../ingest/site/site-robots.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { prepareSectionChunks, writeChunks } from '../knowledge/knowledge-indexing.ts';
import { writeChunkWindows } from '../knowledge/knowledge.repository.ts';
import {
  findSite,
  findSitePage,
  knownPages,
  markPageOutcome,
  markPageUnchanged,
  markUnreachedPages,
  pagesNotFoundBy,
  pageValidators,
  recordPageFound,
  retirePage,
  savePageDocument,
  setSiteStatus,
  type SiteRecord,
  siteStatus,
} from './site-sources.repository.ts';
import { createSync, openSyncOf, startSync } from './site-syncs.repository.ts';
import { endSync } from './source-sync-end.ts';

/** The queue of website crawls: one job per crawl, so one instance holds a site's crawl at a time (the job's lease). */
export const SITE_CRAWL_QUEUE = 'site-crawl';
export const SITE_CRAWL_ATTEMPTS = 3;

export const SITE_CRAWL_TEXTS = {
  cutOff: 'Reading was cut off: the server stopped while reading this website, each time it tried. Add it again to try once more.',
  failed: (reason: string) => `Reading the website failed: ${reason}`,
  nothingIndexed: (found: number) => `None of the ${found} page(s) found could be indexed: see each page's reason.`,
  unreached: 'Not reached: the crawl’s limits were met first.',
  keptText: (reason: string) => `${reason} Its last good text still answers.`,
  goneOnce: (status: number) => `The page answered ${status}. Its last good text still answers until a second sync in a row finds it gone.`,
  goneTwice: (status: number) => `Gone: the page answered ${status} twice in a row, so the bot no longer answers from it.`,
  notInSitemap: 'No longer in the sitemap, so the bot no longer answers from it.',
} as const;

/** `syncId`: the sync this run is (site_syncs); a crawl queued before syncs were recorded gets one when it runs. */
const payloadSchema = z.object({ siteId: z.number().int().positive(), syncId: z.number().int().positive().optional() });

/** 404 and 410 say a page is gone; any other failure is the page's own for now. */
const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

interface CrawlDeps {
  db: Db;
  log: FastifyBaseLogger;
  knowledge: KnowledgeStore;
  config: Pick<Config, 'publicUrl' | 'allowPrivateUrls' | 'siteCrawlDelayMs'>;
  /** Tests: options of the SSRF-guarded fetch (the address check, say). */
  fetchOptions?: Partial<FetchRemotePageOptions>;
}

/** The text a page was indexed from, hashed: a page read again unchanged is not embedded again. */
const contentHash = (page: { title: string; sections: unknown }): string => createHash('sha256').update(JSON.stringify([page.title, page.sections])).digest('hex');

/**
 * Reads a website source (crawlSite): its first read, and each sync after. Each page is indexed as it is read: its
 * sections cut into chunks and embedded, then its document and chunks swapped in one transaction (the old chunks answer
 * until then), its vectors after. A sync sends each page's validators (a 304 is unchanged) and skips a page whose text
 * hashes as before, so only changed pages are embedded again; a start page's source starts from the pages it knows. A
 * page gone (404/410 on two syncs in a row, or no longer in a sitemap source's sitemap) is retired; a page failing
 * otherwise keeps its last good text. The sync's record counts what it found. A cancel (or the site deleted) stops the
 * crawl at the next page; what is indexed stays. A CrawlError ends the source in error with its reason (nothing is
 * retired then); any other failure is retried, and the pages already done are not embedded again (their text's hash).
 */
const crawlSource =
  (deps: CrawlDeps): JobHandler =>
  async (payload, { attempt, signal }) => {
    const { db, log, config } = deps;
    const parsed = payloadSchema.parse(payload);
    const { siteId } = parsed;
    const site = await findSite(db, siteId);
    if (!site || !isSiteCrawling(site.status)) {
      if (site && parsed.syncId !== undefined) await endSync(db, parsed.syncId, 'cancelled', site.message);
      return;
    }
    const syncId = parsed.syncId ?? (await openSyncOf(db, { siteId })) ?? (await createSync(db, { siteId }, 'added', null));
    await setSiteStatus(db, siteId, 'crawling', null);
    await startSync(db, syncId);
    log.info({ siteId, syncId, url: site.startUrl, attempt }, 'website crawl started');
    const validators = await pageValidators(db, siteId);

    const stop = new AbortController();
    const crawlSignal = AbortSignal.any([signal, stop.signal]);
    const goOn = async () => {
      const status = await siteStatus(db, siteId);
      if (status === undefined || !isSiteCrawling(status)) stop.abort(new Error('The website crawl was cancelled.'));
      crawlSignal.throwIfAborted();
    };
    const notes: string[] = [];
    try {
      await crawlSite({
        start: site.startUrl,
        fromSitemap: site.startKind === 'sitemap',
        limits: { maxPages: site.maxPages, maxDepth: site.maxDepth, include: site.includePrefixes, exclude: site.excludePrefixes },
        delayMs: config.siteCrawlDelayMs,
        // Off the main thread: a large page takes a second or two to parse.
        readPage: readHtmlPageOffThread,
        signal: crawlSignal,
        fetchPage: (url, options) =>
          fetchRemotePage(url, { ...options, userAgent: crawlerUserAgent(config.publicUrl), allowPrivateAddresses: config.allowPrivateUrls, ...deps.fetchOptions }),
        known: site.startKind === 'page' ? await knownPages(db, siteId) : [],
        validatorsOf: (url) => validators.get(url),
        onFound: (url, depth) => recordPageFound(db, siteId, url, depth),
        onNote: (note) => notes.push(note),
        onPage: async (page) => {
          await goOn();
          await indexPage(deps, site, syncId, page, crawlSignal);
        },
      });
    } catch (error) {
      if (stop.signal.aborted) {
        await endSync(db, syncId, 'cancelled', SITE_MESSAGES.cancelled);
        log.info({ siteId }, 'website crawl stopped: cancelled or deleted');
        return;
      }
      if (signal.aborted) throw error;
      const reason = error instanceof CrawlError ? error.reason : undefined;
      if (reason === undefined && attempt < SITE_CRAWL_ATTEMPTS) throw error;
      const message = reason ?? SITE_CRAWL_TEXTS.failed(error instanceof Error ? error.message : String(error));
      await endUnlessCancelled(db, siteId, syncId, 'error', message);
      log.warn({ siteId, reason }, 'website crawl failed');
      if (reason === undefined) throw error;
      return;
    }
    if (site.startKind === 'sitemap') {
      for (const url of await pagesNotFoundBy(db, siteId, syncId)) await retireUnlessCancelled(db, siteId, url, SITE_CRAWL_TEXTS.notInSitemap, syncId);
    }
    await markUnreachedPages(db, siteId, SITE_CRAWL_TEXTS.unreached, syncId);
    const done = await findSite(db, siteId);
    if (!done) return;
    const nothing = done.pages.indexed === 0 && done.pages.found > 0;
    await endUnlessCancelled(db, siteId, syncId, nothing ? 'error' : 'completed', nothing ? SITE_CRAWL_TEXTS.nothingIndexed(done.pages.found) : (notes[0] ?? null));
    log.info({ siteId, syncId, ...done.pages }, 'website crawl finished');
  };

/** Ends the crawl's state and its sync's record, unless staff cancelled (or deleted) it meanwhile: their word stands. */
async function endUnlessCancelled(db: Db, siteId: number, syncId: number | undefined, status: 'completed' | 'error', message: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findSite(tx, siteId, { forUpdate: true });
    if (!current) return;
    const cancelled = !isSiteCrawling(current.status);
    if (!cancelled) await setSiteStatus(tx, siteId, status, message);
    if (syncId !== undefined) await endSync(tx, syncId, cancelled ? 'cancelled' : status === 'completed' ? 'completed' : 'failed', cancelled ? current.message : message);
  });
}

/** Retires a page gone, with the site locked: a cancel or delete meanwhile stops it. */
async function retireUnlessCancelled(db: Db, siteId: number, url: string, message: string, syncId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findSite(tx, siteId, { forUpdate: true });
    if (current && isSiteCrawling(current.status)) await retirePage(tx, siteId, url, message, syncId);
  });
}

async function indexPage({ db, log, knowledge }: CrawlDeps, site: SiteRecord, syncId: number, page: CrawledPage, signal: AbortSignal): Promise<void> {
  if (page.outcome === 'unchanged') {
    await markPageUnchanged(db, site.id, page.url, syncId);
    return;
  }
  if (page.outcome !== 'read') {
    const known = await findSitePage(db, site.id, page.url);
    // A retired page still listed or linked stays retired until it can be read again.
    if (known?.status === 'retired') return;
    const gone = page.status !== undefined && GONE_STATUSES.has(page.status);
    const hadText = known?.documentId !== null && known?.documentId !== undefined;
    const message = page.outcome === 'failed' && hadText ? (gone ? SITE_CRAWL_TEXTS.goneOnce(page.status ?? 0) : SITE_CRAWL_TEXTS.keptText(page.reason)) : page.reason;
    const { goneCount } = await markPageOutcome(db, site.id, page.url, { status: page.outcome, message, syncId, gone });
    if (gone && goneCount >= 2) await retireUnlessCancelled(db, site.id, page.url, SITE_CRAWL_TEXTS.goneTwice(page.status ?? 0), syncId);
    return;
  }
  const text = page.page.sections.flatMap((section) => section.paragraphs).some((paragraph) => paragraph.text.trim() !== '');
  if (!text) {
    await markPageOutcome(db, site.id, page.url, { status: 'failed', message: 'The page has no text to index.', syncId });
    return;
  }
  const hash = contentHash(page.page);
  const known = await findSitePage(db, site.id, page.url);
  if (known?.contentHash === hash && known.documentId !== null) {
    await markPageUnchanged(db, site.id, page.url, syncId, page.validators);
    return;
  }
  const prepared = await prepareSectionChunks(knowledge, page.page.sections, { pageNumbers: false });
  signal.throwIfAborted();
  const windows = await db.transaction(async (tx) => {
    // The site locked: a delete or a cancel waits for this page, or this page waits for them and stops.
    const current = await findSite(tx, site.id, { forUpdate: true });
    if (!current || !isSiteCrawling(current.status)) return [];
    const outcome = known?.documentId === null || known?.documentId === undefined ? 'added' : 'changed';
    const documentId = await savePageDocument(
      tx,
      site,
      { url: page.url, sourceUrl: page.finalUrl, title: page.page.title, contentHash: hash, validators: page.validators },
      { syncId, outcome },
    );
    return writeChunks(tx, { documentId }, prepared);
  });
  await writeChunkWindows(db, windows);
  log.debug({ siteId: site.id, url: page.url, chunks: prepared.chunks.length }, 'website page indexed');
}

export const siteCrawlHandler = (deps: CrawlDeps): JobHandler =>
  Object.assign(crawlSource(deps), {
    giveUp: async (payload: Record<string, unknown>) => {
      const { siteId, syncId } = payloadSchema.parse(payload);
      await endUnlessCancelled(deps.db, siteId, syncId ?? (await openSyncOf(deps.db, { siteId })), 'error', SITE_CRAWL_TEXTS.cutOff);
    },
  });
