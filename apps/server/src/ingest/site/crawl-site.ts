import { setTimeout as sleep } from 'node:timers/promises';
import { StaffReasonError } from '../ingest-error.ts';
import { describeSize, RemoteFetchError } from '../remote/fetch-remote-pdf.ts';
import type { PageValidators, RemotePage } from '../remote/fetch-remote-page.ts';
import { type HtmlPage, readHtmlPage } from './html-page.ts';
import { readRobots, type SiteRobots } from './site-robots.ts';
import { readSitemap, sitemapText, SitemapTooLargeError } from './site-sitemap.ts';
import { isInScope, isSameSite, looksNotHtml, normalisePageUrl, type PathScope } from './site-urls.ts';

/** A crawl that cannot go on at all (the site unreachable, robots.txt closed to Steward …), in the staff member's words. */
export class CrawlError extends StaffReasonError {
  override readonly name = 'CrawlError';
}

export const CRAWL_REASONS = {
  siteUnreachable: (reason: string) => `The site could not be read: ${reason}`,
  robotsUnavailable: (status: number) => `The site's robots.txt answered ${status}, so Steward does not know what it may read. Try again later.`,
  robotsBlocks: 'This site’s robots.txt does not allow Steward to read it.',
  startFailed: (reason: string) => `The start URL could not be read: ${reason}`,
  startNotHtml: 'The start URL is not a web page (HTML).',
  startStatus: (status: number) => `The start URL answered ${status}.`,
  sitemapFailed: (reason: string) => `The sitemap could not be read: ${reason}`,
  sitemapStatus: (status: number) => `The sitemap answered ${status}.`,
  sitemapEmpty: 'The sitemap lists no page of this site within the limits.',
  pageStatus: (status: number) => `The page answered ${status}.`,
  pageNotHtml: 'Not a web page (HTML): skipped.',
  robotsDisallows: 'robots.txt does not allow Steward to read this page: skipped.',
  noindex: 'The page asks not to be indexed (noindex): skipped.',
  offSite: 'This page redirects outside the site.',
  noText: 'The page has no text to index.',
} as const;

export interface SiteLimits extends PathScope {
  /** The most pages found (queued) in all, sitemap entries and links together. */
  maxPages: number;
  /** How many links from the start page (or a sitemap's page) are followed; 0 reads only those. */
  maxDepth: number;
}

/** What the crawler asks of the network: the SSRF-guarded fetch (fetchRemotePage) with the options it chooses. */
export type FetchPage = (
  url: string,
  options: {
    accept: string;
    maxBytes: number;
    wantsType?: (contentType: string) => boolean;
    onRedirect?: (to: URL) => void;
    /** Awaited before each request, each redirect's included: the crawler's pace. Answers the start it gave (Date.now()). */
    beforeRequest: () => Promise<number>;
    signal: AbortSignal;
    /** The page's validators from the last read: a 304 then answers `skipped: 'unchanged'`. */
    validators?: PageValidators;
  },
) => Promise<RemotePage>;

export type CrawledPage =
  /** `url` as it was found; `finalUrl` where it led after redirects (the one to cite). */
  | { url: string; finalUrl: string; depth: number; outcome: 'read'; page: HtmlPage; validators: PageValidators }
  /** The server answered 304 to the validators of the last read. */
  | { url: string; depth: number; outcome: 'unchanged' }
  /** `status`: the HTTP status when the page answered one other than 2xx (404 and 410 say it is gone). */
  | { url: string; depth: number; outcome: 'failed' | 'skipped'; reason: string; status?: number };

export interface CrawlOptions {
  /** The start page, or the sitemap when `fromSitemap`. */
  start: string;
  fromSitemap: boolean;
  limits: SiteLimits;
  fetchPage: FetchPage;
  /** Requests in flight to the site at once. Default 2. */
  concurrency?: number;
  /** The least time between two requests' starts to the site; robots.txt's Crawl-delay wins when longer. Default 500 ms. */
  delayMs?: number;
  /** Default 2 MB: a larger page fails alone. */
  maxPageBytes?: number;
  /** Default 10 MB, and at most `maxSitemaps` sitemaps are read (an index's included). */
  maxSitemapBytes?: number;
  maxSitemaps?: number;
  signal: AbortSignal;
  /** Told each page found, once, before it is fetched. */
  onFound?: (url: string, depth: number) => Promise<void> | void;
  /**
   * Pages a sync already knows (a start page's source), found again first at their depth: a page answered 304 is not
   * read, so the pages it links to would otherwise not be found.
   */
  known?: readonly { url: string; depth: number }[];
  /** The validators of a page read before, for a conditional request. */
  validatorsOf?: (url: string) => PageValidators | undefined;
  /** Told each page's outcome; awaited before the worker takes another page, so the indexing sets the pace. */
  onPage: (page: CrawledPage) => Promise<void>;
  /** Reads a page's HTML; default readHtmlPage on this thread (the job reads off it: html-page-reader.ts). */
  readPage?: (bytes: Uint8Array, contentType: string, url: URL) => HtmlPage | Promise<HtmlPage>;
  /** Told of a sitemap's entries beyond the limits (not read). */
  onNote?: (note: string) => void;
}

const HTML_TYPES = /^\s*(?:text\/html|application\/xhtml\+xml)\b/i;
const isHtml = (contentType: string) => contentType.trim() === '' || HTML_TYPES.test(contentType);

/**
 * Crawls a site within its limits: robots.txt first (its Disallow and Crawl-delay, for Steward), then the sitemap
 * (given, or named by robots.txt; an index's sitemaps too) and the start page, then links of the same site
 * breadth-first to `maxDepth`, never more than `maxPages` pages found. Each URL is fetched once (normalised: a
 * loop of links ends there), at most `concurrency` at a time and `delayMs` apart. A page's failure is its own
 * (onPage); a failure that ends the whole crawl (the site unreachable, robots.txt closing it, the start URL or
 * the sitemap unreadable) is a CrawlError.
 */
export async function crawlSite(options: CrawlOptions): Promise<void> {
  try {
    await crawl(options);
  } catch (error) {
    // A wait cut short says only "aborted": the caller hears its own reason.
    if (options.signal.aborted) throw options.signal.reason;
    throw error;
  }
}

async function crawl(options: CrawlOptions): Promise<void> {
  const { limits, signal } = options;
  const start = normalisePageUrl(options.start);
  if (!start) throw new CrawlError(CRAWL_REASONS.startFailed('This is not a valid URL.'));
  const maxPageBytes = options.maxPageBytes ?? 2 * 1024 * 1024;

  // One request at a time starts, at least `delay` after the one before (a redirect's next hop too); `concurrency`
  // may be in flight. The waits queue one behind another, each measured from the last start as it happened.
  let lastStart = 0;
  let delay = options.delayMs ?? 500;
  let turns: Promise<unknown> = Promise.resolve();
  const pace = (): Promise<number> => {
    const turn = turns.then(async () => {
      for (let wait = lastStart + delay - Date.now(); wait > 0; wait = lastStart + delay - Date.now()) await sleep(wait, undefined, { signal });
      lastStart = Date.now();
      return lastStart;
    });
    turns = turn.catch(() => undefined);
    return turn;
  };

  const robots = await readSiteRobots(start, options, pace);
  if (robots.crawlDelayMs !== undefined && robots.crawlDelayMs > delay) delay = robots.crawlDelayMs;
  if (!options.fromSitemap && !robots.isAllowed(start.href)) throw new CrawlError(CRAWL_REASONS.robotsBlocks);

  const seen = new Set<string>();
  const queue: { url: URL; depth: number }[] = [];
  const scope = { include: limits.include, exclude: limits.exclude };
  const find = async (url: URL, depth: number): Promise<boolean> => {
    if (seen.size >= limits.maxPages || seen.has(url.href)) return false;
    if (!isSameSite(url, start) || !isInScope(url, scope) || looksNotHtml(url)) return false;
    seen.add(url.href);
    queue.push({ url, depth });
    await options.onFound?.(url.href, depth);
    return true;
  };

  if (options.fromSitemap) {
    await readSitemaps([start.href], options, pace, async (url) => {
      const page = normalisePageUrl(url);
      if (page) await find(page, 0);
    });
    if (seen.size === 0) throw new CrawlError(CRAWL_REASONS.sitemapEmpty);
  } else {
    seen.add(start.href);
    queue.push({ url: start, depth: 0 });
    await options.onFound?.(start.href, 0);
    for (const page of options.known ?? []) {
      const url = normalisePageUrl(page.url);
      if (url) await find(url, page.depth);
    }
    // The sitemaps robots.txt names add the pages no link reaches; one that cannot be read is no loss.
    const named = robots.sitemaps.filter((url) => {
      const parsed = normalisePageUrl(url);
      return parsed !== undefined && isSameSite(parsed, start);
    });
    if (named.length > 0) {
      await readSitemaps(named, options, pace, async (url) => {
        const page = normalisePageUrl(url);
        if (page) await find(page, 0);
      }).catch((error: unknown) => {
        if (signal.aborted || !(error instanceof CrawlError)) throw error;
        options.onNote?.(error.reason);
      });
    }
  }

  const readOne = async ({ url, depth }: { url: URL; depth: number }): Promise<void> => {
    const isStart = !options.fromSitemap && url.href === start.href;
    if (!robots.isAllowed(url.href)) return options.onPage({ url: url.href, depth, outcome: 'skipped', reason: CRAWL_REASONS.robotsDisallows });
    let answer: RemotePage;
    try {
      answer = await options.fetchPage(url.href, {
        accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
        maxBytes: maxPageBytes,
        wantsType: isHtml,
        onRedirect: (to) => {
          if (!isSameSite(to, start)) throw new RemoteFetchError(CRAWL_REASONS.offSite);
        },
        beforeRequest: pace,
        signal,
        validators: options.validatorsOf?.(url.href),
      });
    } catch (error) {
      if (signal.aborted || !(error instanceof RemoteFetchError)) throw error;
      if (isStart) throw new CrawlError(CRAWL_REASONS.startFailed(error.reason));
      return options.onPage({ url: url.href, depth, outcome: 'failed', reason: error.reason });
    }
    if (answer.skipped === 'status') {
      if (isStart) throw new CrawlError(CRAWL_REASONS.startStatus(answer.status));
      return options.onPage({ url: url.href, depth, outcome: 'failed', reason: CRAWL_REASONS.pageStatus(answer.status), status: answer.status });
    }
    if (answer.skipped === 'unchanged') return options.onPage({ url: url.href, depth, outcome: 'unchanged' });
    if (answer.skipped === 'type') {
      if (isStart) throw new CrawlError(CRAWL_REASONS.startNotHtml);
      return options.onPage({ url: url.href, depth, outcome: 'skipped', reason: CRAWL_REASONS.pageNotHtml });
    }
    // A redirect to a page already found is that page: read once.
    const landed = normalisePageUrl(answer.url);
    if (landed && landed.href !== url.href) {
      if (seen.has(landed.href)) return options.onPage({ url: url.href, depth, outcome: 'skipped', reason: `The same page as ${landed.href}: skipped.` });
      seen.add(landed.href);
    }
    if (answer.skipped !== undefined) return; // every skip is answered above: this narrows the type
    const page = await (options.readPage ?? readHtmlPage)(answer.bytes, answer.contentType, landed ?? url);
    if (depth < limits.maxDepth) for (const link of page.links) await find(link, depth + 1);
    if (page.noindex) return options.onPage({ url: url.href, depth, outcome: 'skipped', reason: CRAWL_REASONS.noindex });
    return options.onPage({ url: url.href, finalUrl: (landed ?? url).href, depth, outcome: 'read', page, validators: answer.validators });
  };

  // Workers take pages breadth-first; a page read adds its links to the end of the queue.
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const pump = () => {
      if (failed) return;
      if (queue.length === 0 && active === 0) return resolve();
      while (active < (options.concurrency ?? 2) && queue.length > 0) {
        const next = queue.shift();
        if (!next) break;
        active += 1;
        readOne(next).then(
          () => {
            active -= 1;
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    };
    pump();
  });
}


async function readSiteRobots(start: URL, options: CrawlOptions, pace: () => Promise<number>): Promise<SiteRobots> {
  const robotsUrl = new URL('/robots.txt', start).href;
  let answer: RemotePage;
  try {
    answer = await options.fetchPage(robotsUrl, { accept: 'text/plain, */*;q=0.1', maxBytes: 512 * 1024, beforeRequest: pace, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted || !(error instanceof RemoteFetchError)) throw error;
    // robots.txt larger than 512 KB: Google reads the first 500 KiB; refusing the site would be harsher than it.
    throw new CrawlError(CRAWL_REASONS.siteUnreachable(error.reason));
  }
  // 4xx: no rules. 5xx: the site cannot say what it allows right now, so nothing is read (as Google does).
  if (answer.skipped === 'status') {
    if (answer.status >= 500) throw new CrawlError(CRAWL_REASONS.robotsUnavailable(answer.status));
    return readRobots(robotsUrl, undefined);
  }
  return readRobots(robotsUrl, answer.bytes?.toString('utf8'));
}

/** Reads sitemaps (an index's children too, breadth-first), telling each listed page; at most maxSitemaps files. */
async function readSitemaps(first: string[], options: CrawlOptions, pace: () => Promise<number>, onUrl: (url: string) => Promise<void>): Promise<void> {
  const maxSitemaps = options.maxSitemaps ?? 20;
  const maxBytes = options.maxSitemapBytes ?? 10 * 1024 * 1024;
  const pending = [...first];
  const read = new Set<string>();
  let listed = 0;
  while (pending.length > 0 && read.size < maxSitemaps) {
    const url = pending.shift() ?? '';
    if (read.has(url)) continue;
    read.add(url);
    let answer: RemotePage;
    try {
      answer = await options.fetchPage(url, { accept: 'application/xml, text/xml;q=0.9, application/gzip;q=0.8, */*;q=0.1', maxBytes, beforeRequest: pace, signal: options.signal });
    } catch (error) {
      if (options.signal.aborted || !(error instanceof RemoteFetchError)) throw error;
      const reason = error.reason.replace(/^This page is larger than (.*), so it was not read\.$/, `It is larger than ${describeSize(maxBytes)}.`);
      throw new CrawlError(CRAWL_REASONS.sitemapFailed(reason));
    }
    if (answer.skipped === 'status') throw new CrawlError(CRAWL_REASONS.sitemapStatus(answer.status));
    if (!answer.bytes) continue;
    let xml: string;
    try {
      xml = sitemapText(answer.bytes, maxBytes);
    } catch (error) {
      if (error instanceof SitemapTooLargeError) throw new CrawlError(CRAWL_REASONS.sitemapFailed(`It is larger than ${describeSize(maxBytes)} once decompressed.`));
      throw new CrawlError(CRAWL_REASONS.sitemapFailed('It is compressed (gzip) but could not be decompressed.'));
    }
    // Only as many entries as pages may still be found: a sitemap of 100,000 URLs is read no further.
    const sitemap = readSitemap(xml, Math.max(1, options.limits.maxPages - listed));
    if (sitemap.kind === 'index') pending.push(...sitemap.urls);
    else {
      for (const page of sitemap.urls) await onUrl(page);
      listed += sitemap.urls.length;
    }
    if (sitemap.truncated) options.onNote?.(`The sitemap ${url} lists more pages than the limit: only the first ${options.limits.maxPages} were taken.`);
  }
}
