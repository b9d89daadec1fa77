import { describe, expect, it } from 'vitest';
import { crawlerUserAgent, readRobots } from './site-robots.ts';
import { readSitemap } from './site-sitemap.ts';
import { isInScope, isSameSite, looksNotHtml, normalisePageUrl } from './site-urls.ts';

describe('page URLs', () => {
  it('have one spelling: no fragment, credentials or empty query, the host in lower case, no default port', () => {
    expect(normalisePageUrl('HTTPS://User:pw@Shop.Example.COM:443/help?#top')?.href).toBe('https://shop.example.com/help');
    expect(normalisePageUrl('../faq?q=1#a', 'https://shop.example.com/help/x')?.href).toBe('https://shop.example.com/faq?q=1');
    for (const other of ['mailto:a@b.c', 'javascript:alert(1)', 'ftp://x/y', 'http://']) expect(normalisePageUrl(other, 'https://s.test/')).toBeUndefined();
  });

  it('are the same site by host and port, http or https, www. aside', () => {
    const site = new URL('https://shop.example.com/');
    expect(isSameSite(new URL('http://www.shop.example.com/a'), site)).toBe(true);
    expect(isSameSite(new URL('https://blog.shop.example.com/a'), site)).toBe(false);
    expect(isSameSite(new URL('https://shop.example.com:8443/a'), site)).toBe(false);
  });

  it('keep to the include and exclude prefixes, and skip files that are not pages', () => {
    const scope = { include: ['/help/', '/faq'], exclude: ['/help/internal/'] };
    expect(isInScope(new URL('https://s.test/help/shipping'), scope)).toBe(true);
    expect(isInScope(new URL('https://s.test/faq-old'), scope)).toBe(true);
    expect(isInScope(new URL('https://s.test/help/internal/x'), scope)).toBe(false);
    expect(isInScope(new URL('https://s.test/blog'), scope)).toBe(false);
    expect(isInScope(new URL('https://s.test/blog'), { include: [], exclude: [] })).toBe(true);
    expect(looksNotHtml(new URL('https://s.test/manual.PDF'))).toBe(true);
    expect(looksNotHtml(new URL('https://s.test/logo.svg'))).toBe(true);
    expect(looksNotHtml(new URL('https://s.test/help/page.html'))).toBe(false);
    expect(looksNotHtml(new URL('https://s.test/help/'))).toBe(false);
  });
});

describe('robots.txt', () => {
  const text = 'User-agent: *\nDisallow: /\n\nUser-agent: Steward\nDisallow: /private/\nAllow: /private/open$\nCrawl-delay: 2.5\n\nSitemap: https://s.test/sitemap.xml\n';

  it("applies Steward's own group over *, with Allow, Disallow and Crawl-delay", () => {
    const robots = readRobots('https://s.test/robots.txt', text);
    expect(robots.isAllowed('https://s.test/help/')).toBe(true);
    expect(robots.isAllowed('https://s.test/private/notes')).toBe(false);
    expect(robots.isAllowed('https://s.test/private/open')).toBe(true);
    expect(robots.crawlDelayMs).toBe(2500);
    expect(robots.sitemaps).toEqual(['https://s.test/sitemap.xml']);
  });

  it('falls back to * without a group of its own, allows all without a file, and bounds a huge Crawl-delay', () => {
    expect(readRobots('https://s.test/robots.txt', 'User-agent: *\nDisallow: /\n').isAllowed('https://s.test/a')).toBe(false);
    expect(readRobots('https://s.test/robots.txt', undefined).isAllowed('https://s.test/a')).toBe(true);
    expect(readRobots('https://s.test/robots.txt', 'User-agent: *\nCrawl-delay: 86400\n').crawlDelayMs).toBe(30_000);
  });

  it("names Steward and the dashboard in the crawler's User-Agent", () => {
    expect(crawlerUserAgent('https://dash.acme.test')).toBe('Steward/1.0 (+https://dash.acme.test; knowledge crawler)');
  });
});

describe('sitemaps', () => {
  it('read a urlset and a sitemap index, with entities and namespaces', () => {
    const urlset = readSitemap('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://s.test/a?x=1&amp;y=2 </loc><lastmod>2026-01-01</lastmod></url><url><loc>https://s.test/b</loc></url></urlset>', 10);
    expect(urlset).toEqual({ kind: 'urlset', urls: ['https://s.test/a?x=1&y=2', 'https://s.test/b'], truncated: false });
    const index = readSitemap('<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://s.test/1.xml</sm:loc></sm:sitemap></sm:sitemapindex>', 10);
    expect(index).toEqual({ kind: 'index', urls: ['https://s.test/1.xml'], truncated: false });
  });

  it('stop at the limit: 100,000 entries cost no more than the pages asked for', () => {
    const xml = `<urlset>${Array.from({ length: 100_000 }, (_, i) => `<url><loc>https://s.test/p${i}</loc></url>`).join('')}</urlset>`;
    const started = performance.now();
    const read = readSitemap(xml, 500);
    expect(read.urls).toHaveLength(500);
    expect(read.urls[499]).toBe('https://s.test/p499');
    expect(read.truncated).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
