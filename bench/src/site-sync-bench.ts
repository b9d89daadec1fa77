/**
 * The website part (issue 55): a generated site of BENCH_SITE_PAGES pages (default 1,000) served on 127.0.0.1, with a
 * sitemap listing them all, robots.txt allowing them, and an ETag and a Last-Modified on each page (a 304 to a request
 * naming them). The shipped server (a process of its own, forkBenchServer, ALLOW_PRIVATE_URLS for the loopback site)
 * adds it as a sitemap source and crawls and indexes every page; then a Sync now reads it again, nothing changed.
 * Reported: the first crawl's time and the server's RSS before (a small PDF indexed first, so the embedding model is
 * loaded already) and at its peak during it (the crawl holds one page at a time), and the no-change sync's time as a ratio of the first crawl's.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SiteRow, SiteSyncRow } from '@steward/contract/sites';
import { answerRows as rows, benchAdmin, browserHeaders, forkBenchServer, prepareDataDir, signIn } from './bench-server.ts';
import { buildTestPdf } from '@steward/server/test-support';
import { ingest } from './hostile-pdfs-bench.ts';
import type { ServerMemory } from './server-process-messages.ts';

export interface SiteSyncResults {
  pages: number;
  indexed: number;
  firstCrawlMs: number;
  resyncMs: number;
  /** The no-change sync's counts: every page should be unchanged. */
  resync: Pick<SiteSyncRow, 'checked' | 'unchanged' | 'changed' | 'failed'>;
  /** The server's memory before the site was added, and at its peak during the first crawl. */
  before: ServerMemory;
  during: ServerMemory;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const TIME_LIMIT_MS = 60 * 60_000;

const WORDS = ['parcel', 'courier', 'invoice', 'warranty', 'kettle', 'descaler', 'voucher', 'refund', 'locker', 'tracking', 'pallet', 'customs'];

/** A page of the generated help centre: a title, two sections of prose that differ from page to page, links onwards. */
function generatedPage(index: number, pages: number): string {
  const word = (offset: number) => WORDS[(index * 7 + offset) % WORDS.length];
  const prose = (topic: string) =>
    Array.from({ length: 4 }, (_, n) => `<p>Article ${index}, part ${n + 1}: how the ${topic} of order ${index * 13 + n} works, why the ${word(n)} matters, and what to do when the ${word(n + 3)} is late.</p>`).join('');
  const links = [1, 2, 3].map((step) => `<a href="/help/${(index + step) % pages}">Article ${(index + step) % pages}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help article ${index}</title></head><body>
<nav>${links}</nav><main><article><h1>Help article ${index}</h1><h2>About the ${word(1)}</h2>${prose(word(1) ?? 'parcel')}<h2>About the ${word(2)}</h2>${prose(word(2) ?? 'courier')}</article></main>
<footer>Acme Parcel Company</footer></body></html>`;
}

/** The generated site on 127.0.0.1: pages made on request (nothing held), each with validators. */
async function serveGeneratedSite(pages: number): Promise<{ origin: string; close: () => Promise<void> }> {
  let origin = '';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (path === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (let index = 0; index < pages; index += 1) response.write(`<url><loc>${origin}/help/${index}</loc></url>`);
      return void response.end('</urlset>');
    }
    const match = /^\/help\/(\d+)$/.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (index < 0 || index >= pages) return void response.writeHead(404).end();
    const body = generatedPage(index, pages);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    const validators = { etag, 'last-modified': new Date(Date.UTC(2026, 0, 1)).toUTCString() };
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, validators).end();
    response.writeHead(200, { ...validators, 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls GET /api/sites until the site is read (its newest sync ended), and answers it. */
async function whenRead(url: string, cookie: string, id: number): Promise<SiteRow> {
  const started = performance.now();
  for (;;) {
    const site = (await rows<SiteRow>(await fetch(`${url}/api/sites`, { headers: { cookie } }), 'GET /api/sites')).find((row) => row.id === id);
    if (!site) throw new Error(`The site ${id} is gone.`);
    if (site.status !== 'queued' && site.status !== 'crawling') return site;
    if (performance.now() - started > TIME_LIMIT_MS) throw new Error('The site was still being read after an hour.');
    await sleep(250);
  }
}

export async function benchmarkSiteSync(pages: number): Promise<SiteSyncResults> {
  log(`Website: a generated site of ${pages.toLocaleString('en-US')} pages crawled and indexed, then synced with nothing changed…`);
  const site = await serveGeneratedSite(pages);
  const { dataDir } = await prepareDataDir(1000);
  const server = await forkBenchServer(dataDir, { ALLOW_PRIVATE_URLS: 'true', SITE_CRAWL_DELAY_MS: '0' });
  try {
    const cookie = await signIn(server.url, benchAdmin);
    const post = (call: string, body?: unknown) =>
      fetch(`${server.url}${call}`, { method: 'POST', headers: { ...browserHeaders(server.url, cookie), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    // A small PDF first, so that the embedding model is loaded and counted before (as the hostile-PDF part does).
    await ingest(server.url, cookie, [{ name: 'warm-up.pdf', bytes: buildTestPdf(['A warm-up document before the website.']) }]);
    const before = await server.memory({ restartPeak: true });
    let started = performance.now();
    const [added] = await rows<SiteRow>(await post('/api/sites', { start_kind: 'sitemap', start_url: `${site.origin}/sitemap.xml`, max_pages: pages, max_depth: 0 }), 'POST /api/sites');
    if (!added) throw new Error('POST /api/sites answered no site.');
    const first = await whenRead(server.url, cookie, added.id);
    const firstCrawlMs = performance.now() - started;
    const during = await server.memory();
    if (first.status !== 'completed') throw new Error(`The first crawl ended ${first.status}: ${first.message ?? ''}`);
    log(`  first crawl: ${first.pages_indexed} pages indexed in ${(firstCrawlMs / 1000).toFixed(1)} s; syncing again`);
    started = performance.now();
    await rows<SiteRow>(await post(`/api/sites/${added.id}/sync`), 'POST /api/sites/{id}/sync');
    const synced = await whenRead(server.url, cookie, added.id);
    const resyncMs = performance.now() - started;
    const resync = synced.last_sync;
    if (!resync || resync.status !== 'completed') throw new Error(`The sync ended ${resync?.status ?? 'unrecorded'}: ${resync?.message ?? ''}`);
    return {
      pages,
      indexed: first.pages_indexed,
      firstCrawlMs,
      resyncMs,
      resync: { checked: resync.checked, unchanged: resync.unchanged, changed: resync.changed, failed: resync.failed },
      before,
      during,
    };
  } finally {
    await server.stop();
    await site.close();
  }
}

/** The part's table under the targets. */
export function siteSyncMarkdown(results: SiteSyncResults): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    `#### A website of ${results.pages.toLocaleString('en-US')} pages: crawl, index and a no-change sync`,
    '',
    '| measure | value |',
    '|---|---|',
    `| pages indexed by the first crawl | ${results.indexed} of ${results.pages} |`,
    `| first crawl (found, read, cut, embedded, written) | ${(results.firstCrawlMs / 1000).toFixed(1)} s |`,
    `| server RSS before / at its peak during the crawl | ${mb(results.before.rssBytes)} / ${mb(results.during.peakBytes)} (growth ${mb(Math.max(0, results.during.peakBytes - results.before.rssBytes))}) |`,
    `| no-change sync | ${(results.resyncMs / 1000).toFixed(1)} s (${(results.resyncMs / results.firstCrawlMs).toFixed(3)} × the first crawl) |`,
    `| the sync's record | checked ${results.resync.checked} · unchanged ${results.resync.unchanged} · changed ${results.resync.changed} · failed ${results.resync.failed} |`,
  ].join('\n');
}
