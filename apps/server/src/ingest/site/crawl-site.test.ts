import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../test/test-site-server.ts';
import { fetchRemotePage } from '../remote/fetch-remote-page.ts';
import { REMOTE_FETCH_REASONS } from '../remote/fetch-remote-pdf.ts';
import { type CrawledPage, CRAWL_REASONS, CrawlError, crawlSite, type CrawlOptions } from './crawl-site.ts';
import { crawlerUserAgent } from './site-robots.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ crawlDelaySeconds: 0.1 });
});
afterAll(() => site.close());

const USER_AGENT = crawlerUserAgent('https://dashboard.acme.test');

/** Crawls the test site through the real SSRF guard, with only 127.0.0.1 allowed (10/8 and the rest refused). */
async function crawl(options: Partial<CrawlOptions> = {}): Promise<CrawledPage[]> {
  const pages: CrawledPage[] = [];
  await crawlSite({
    start: `${site.origin}/`,
    fromSitemap: false,
    limits: { maxPages: 50, maxDepth: 3, include: [], exclude: [] },
    delayMs: 0,
    signal: new AbortController().signal,
    fetchPage: (url, fetchOptions) => fetchRemotePage(url, { ...fetchOptions, userAgent: USER_AGENT, isAllowedAddress: (address) => address === '127.0.0.1' }),
    onPage: async (page) => {
      pages.push(page);
    },
    ...options,
  });
  return pages;
}

const pathOf = (url: string) => new URL(url).pathname;

describe('crawling a site', () => {
  it('reads the site within robots.txt, its sitemap index and its links, each page once, politely', async () => {
    const from = site.requests.length;
    // When each request started, as the crawler's pace gave it (the site's own clock, or this callback's after its
    // await, would add the event loop's jitter: 99 ms between two starts paced 100 ms apart).
    const starts: number[] = [];
    const pages = await crawl({
      fetchPage: (url, fetchOptions) =>
        fetchRemotePage(url, {
          ...fetchOptions,
          beforeRequest: async () => {
            starts.push(await fetchOptions.beforeRequest());
          },
          userAgent: USER_AGENT,
          isAllowedAddress: (address) => address === '127.0.0.1',
        }),
    });
    const outcome = Object.fromEntries(pages.map((page) => [pathOf(page.url), page.outcome === 'read' || page.outcome === 'unchanged' ? page.outcome : `${page.outcome}: ${page.reason}`]));
    expect(outcome).toMatchObject({
      '/': 'read',
      '/help/': 'read',
      '/help/shipping': 'read',
      '/help/returns': 'read',
      '/help/orphan': 'read', // only in the sitemap index's second sitemap
      '/about': 'read', // through its redirect to /about-us
      '/latin1': 'read',
      '/slow': 'read',
      '/loop/a': 'read',
      '/loop/b': 'read',
      '/private/secret': `skipped: ${CRAWL_REASONS.robotsDisallows}`,
      '/files/data': `skipped: ${CRAWL_REASONS.pageNotHtml}`,
      '/huge': `failed: ${REMOTE_FETCH_REASONS.pageTooLarge('2 MB')}`,
    });
    // The PDF link is never requested, the off-site link never followed, the loop read once a page.
    const requested = site.requests.slice(from).map((request) => request.path);
    expect(requested).not.toContain('/help/manual.pdf');
    expect(requested).not.toContain('/private/secret');
    expect(requested.filter((path) => path === '/loop/a')).toHaveLength(1);
    expect(pages.filter((page) => pathOf(page.url) === '/help/shipping')).toHaveLength(1);
    const about = pages.find((page) => pathOf(page.url) === '/about');
    expect(about?.outcome === 'read' && pathOf(about.finalUrl)).toBe('/about-us');
    // Steward's User-Agent names the dashboard; robots.txt's Crawl-delay (0.1 s) spaces the requests' starts, a
    // redirect's next hop (/about → /about-us) included: every request the site saw started on the crawler's pace.
    const mine = site.requests.slice(from);
    expect(starts).toHaveLength(mine.length);
    expect(new Set(mine.map((request) => request.userAgent))).toEqual(new Set([USER_AGENT]));
    expect(USER_AGENT).toContain('Steward');
    expect(USER_AGENT).toContain('https://dashboard.acme.test');
    const gaps = starts.slice(1).map((at, index) => at - (starts[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
  });

  it('decodes a page by the character set it declares', async () => {
    const pages = await crawl({ limits: { maxPages: 50, maxDepth: 1, include: ['/latin1'], exclude: [] }, start: `${site.origin}/latin1` });
    const latin1 = pages.find((page) => pathOf(page.url) === '/latin1');
    expect(latin1?.outcome).toBe('read');
    const text = latin1?.outcome === 'read' ? latin1.page.sections.flatMap((section) => section.paragraphs.map((p) => p.text)).join('\n') : '';
    expect(text).toContain('Our café serves crème brûlée to every courier.');
  });

  it('keeps to the limits: pages, depth, include and exclude prefixes', async () => {
    const shallow = await crawl({ limits: { maxPages: 50, maxDepth: 0, include: [], exclude: ['/help/orphan'] } });
    // Depth 0: the start page and the sitemap's pages, no links followed.
    expect(shallow.map((page) => pathOf(page.url)).sort()).toEqual(['/', '/help/', '/help/shipping', '/private/secret']);
    const helpOnly = await crawl({ start: `${site.origin}/help/`, limits: { maxPages: 3, maxDepth: 5, include: ['/help/'], exclude: [] } });
    expect(helpOnly).toHaveLength(3);
    expect(helpOnly.every((page) => pathOf(page.url).startsWith('/help/'))).toBe(true);
  });

  it('reads a sitemap of 100,000 URLs only as far as the page limit', async () => {
    const notes: string[] = [];
    const pages = await crawl({ start: `${site.origin}/sitemap-huge.xml`, fromSitemap: true, limits: { maxPages: 4, maxDepth: 0, include: [], exclude: [] }, onNote: (note) => notes.push(note) });
    expect(pages.map((page) => pathOf(page.url))).toEqual(['/catalogue/item-0', '/catalogue/item-1', '/catalogue/item-2', '/catalogue/item-3']);
    expect(notes[0]).toContain('lists more pages than the limit');
  });

  it('reads gzipped sitemaps (an index of .xml.gz files, application/gzip and application/x-gzip)', async () => {
    const pages = await crawl({ start: `${site.origin}/sitemap-gz-index.xml`, fromSitemap: true, limits: { maxPages: 10, maxDepth: 0, include: [], exclude: [] } });
    expect(pages.map((page) => pathOf(page.url)).sort()).toEqual(['/help/', '/help/orphan', '/help/shipping']);
    expect(pages.every((page) => page.outcome === 'read')).toBe(true);
  });

  it('stops decompressing a gzipped sitemap at its size limit (a zip bomb), with a clear reason', async () => {
    await expect(crawl({ start: `${site.origin}/sitemap-bomb.xml.gz`, fromSitemap: true, limits: { maxPages: 10, maxDepth: 0, include: [], exclude: [] } })).rejects.toThrow(
      new CrawlError(CRAWL_REASONS.sitemapFailed('It is larger than 10 MB once decompressed.')),
    );
  });

  it('ends with a clear reason when the start URL redirects to a private address, the site is unreachable, or robots.txt closes it', async () => {
    await expect(crawl({ start: `${site.origin}/redirect-private` })).rejects.toThrow(
      new CrawlError(CRAWL_REASONS.startFailed(REMOTE_FETCH_REASONS.privateAddress)),
    );
    await expect(crawl({ start: 'http://127.0.0.1:1/' })).rejects.toThrow(new CrawlError(CRAWL_REASONS.siteUnreachable(REMOTE_FETCH_REASONS.unreachable)));
    const blocked = site.blockedOrigin;
    await expect(
      crawl({
        start: `${blocked}/`,
        fetchPage: (url, fetchOptions) =>
          fetchRemotePage(url, { ...fetchOptions, userAgent: USER_AGENT, lookup: async () => [{ address: '127.0.0.1', family: 4 }], isAllowedAddress: (address) => address === '127.0.0.1' }),
      }),
    ).rejects.toThrow(new CrawlError(CRAWL_REASONS.robotsBlocks));
  });

  it('stops when its signal is aborted', async () => {
    const stop = new AbortController();
    let read = 0;
    const crawling = crawl({
      signal: stop.signal,
      onPage: async () => {
        read += 1;
        stop.abort(new Error('cancelled'));
      },
    });
    await expect(crawling).rejects.toThrow('cancelled');
    expect(read).toBeLessThanOrEqual(2);
  });
});
