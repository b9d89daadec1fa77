import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isSiteCrawling } from '@steward/contract/sites';
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
  markPageOutcome,
  markPageUnchanged,
  markUnreachedPages,
  recordPageFound,
  savePageDocument,
  setSiteStatus,
  type SiteRecord,
  siteStatus,
} from './site-sources.repository.ts';

/** The queue of website crawls: one job per crawl, so one instance holds a site's crawl at a time (the job's lease). */
export const SITE_CRAWL_QUEUE = 'site-crawl';
export const SITE_CRAWL_ATTEMPTS = 3;

export const SITE_CRAWL_TEXTS = {
  cutOff: 'Reading was cut off: the server stopped while reading this website, each time it tried. Add it again to try once more.',
  failed: (reason: string) => `Reading the website failed: ${reason}`,
  nothingIndexed: (found: number) => `None of the ${found} page(s) found could be indexed: see each page's reason.`,
  unreached: 'Not reached: the crawl’s limits were met first.',
} as const;

const payloadSchema = z.object({ siteId: z.number().int().positive() });

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
 * Reads a website source (crawlSite), indexing each page as it is read: its sections cut into chunks and embedded,
 * then its document and chunks written in one transaction, its vectors after. The site's card follows the page
 * rows. A cancel (or the site deleted) stops the crawl at the next page; what is indexed stays. A CrawlError ends
 * the source in error with its reason; any other failure is retried, and the pages already indexed are not
 * embedded again (their text's hash).
 */
const crawlSource =
  (deps: CrawlDeps): JobHandler =>
  async (payload, { attempt, signal }) => {
    const { db, log, config } = deps;
    const { siteId } = payloadSchema.parse(payload);
    const site = await findSite(db, siteId);
    if (!site || !isSiteCrawling(site.status)) return;
    await setSiteStatus(db, siteId, 'crawling', null);
    log.info({ siteId, url: site.startUrl, attempt }, 'website crawl started');

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
        onFound: (url) => recordPageFound(db, siteId, url),
        onNote: (note) => notes.push(note),
        onPage: async (page) => {
          await goOn();
          await indexPage(deps, site, page, crawlSignal);
        },
      });
    } catch (error) {
      if (stop.signal.aborted) {
        log.info({ siteId }, 'website crawl stopped: cancelled or deleted');
        return;
      }
      if (signal.aborted) throw error;
      const reason = error instanceof CrawlError ? error.reason : undefined;
      if (reason === undefined && attempt < SITE_CRAWL_ATTEMPTS) throw error;
      await endUnlessCancelled(db, siteId, 'error', reason ?? SITE_CRAWL_TEXTS.failed(error instanceof Error ? error.message : String(error)));
      log.warn({ siteId, reason }, 'website crawl failed');
      if (reason === undefined) throw error;
      return;
    }
    await markUnreachedPages(db, siteId, SITE_CRAWL_TEXTS.unreached);
    const done = await findSite(db, siteId);
    if (!done) return;
    const nothing = done.pages.indexed === 0 && done.pages.found > 0;
    await endUnlessCancelled(db, siteId, nothing ? 'error' : 'completed', nothing ? SITE_CRAWL_TEXTS.nothingIndexed(done.pages.found) : (notes[0] ?? null));
    log.info({ siteId, ...done.pages }, 'website crawl finished');
  };

/** Ends the crawl's state, unless staff cancelled (or deleted) it meanwhile: their word stands. */
async function endUnlessCancelled(db: Db, siteId: number, status: 'completed' | 'error', message: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findSite(tx, siteId, { forUpdate: true });
    if (current && isSiteCrawling(current.status)) await setSiteStatus(tx, siteId, status, message);
  });
}

async function indexPage({ db, log, knowledge }: CrawlDeps, site: SiteRecord, page: CrawledPage, signal: AbortSignal): Promise<void> {
  if (page.outcome !== 'read') {
    await markPageOutcome(db, site.id, page.url, page.outcome, page.reason);
    return;
  }
  const text = page.page.sections.flatMap((section) => section.paragraphs).some((paragraph) => paragraph.text.trim() !== '');
  if (!text) {
    await markPageOutcome(db, site.id, page.url, 'failed', 'The page has no text to index.');
    return;
  }
  const hash = contentHash(page.page);
  const known = await findSitePage(db, site.id, page.url);
  if (known?.status === 'indexed' && known.contentHash === hash && known.documentId !== null) {
    await markPageUnchanged(db, site.id, page.url);
    return;
  }
  const prepared = await prepareSectionChunks(knowledge, page.page.sections, { pageNumbers: false });
  signal.throwIfAborted();
  const windows = await db.transaction(async (tx) => {
    // The site locked: a delete or a cancel waits for this page, or this page waits for them and stops.
    const current = await findSite(tx, site.id, { forUpdate: true });
    if (!current || !isSiteCrawling(current.status)) return [];
    const documentId = await savePageDocument(tx, site, { url: page.url, sourceUrl: page.finalUrl, title: page.page.title, contentHash: hash });
    return writeChunks(tx, { documentId }, prepared);
  });
  await writeChunkWindows(db, windows);
  log.debug({ siteId: site.id, url: page.url, chunks: prepared.chunks.length }, 'website page indexed');
}

export const siteCrawlHandler = (deps: CrawlDeps): JobHandler =>
  Object.assign(crawlSource(deps), {
    giveUp: async (payload: Record<string, unknown>) => {
      const { siteId } = payloadSchema.parse(payload);
      await endUnlessCancelled(deps.db, siteId, 'error', SITE_CRAWL_TEXTS.cutOff);
    },
  });
