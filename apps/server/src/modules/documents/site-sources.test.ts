import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_MESSAGES } from '@steward/contract/sites';
import { sqlRows } from '../../db/sql-rows.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { REMOTE_FETCH_REASONS } from '../../ingest/remote/fetch-remote-pdf.ts';
import { CRAWL_REASONS } from '../../ingest/site/crawl-site.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import type { TestApp } from '../../test/test-app.ts';
import { siteTestApp } from '../../test/site-test-app.ts';
import { startTestSite, type TestSite } from '../../test/test-site-server.ts';
import { SITE_CRAWL_QUEUE } from './site-crawl.ts';

const suite = siteTestApp();
let testApp: TestApp;
let site: TestSite;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(() => {
  ({ app: testApp, site, admin, viewer } = suite);
});

type Row = Record<string, unknown>;
const sites = async (): Promise<Row[]> => (await viewer.get('/api/sites')).body.data?.rows ?? [];
const siteById = async (id: unknown): Promise<Row | undefined> => (await sites()).find((row) => row.id === id);
async function addSite(body: Record<string, unknown>): Promise<Row> {
  const added = await admin.post('/api/sites', body);
  expect(added.status).toBe(200);
  const row = added.body.data?.rows[0];
  if (!row) throw new Error('no site');
  return row;
}
async function pagesOf(id: unknown): Promise<Record<string, Row>> {
  const answer = await viewer.get(`/api/sites/${String(id)}/pages/0`);
  expect(answer.status).toBe(200);
  return Object.fromEntries((answer.body.data?.rows ?? []).map((row) => [new URL(String(row.url)).pathname, row]));
}
const botSearch = async (query: string) => (await botPost(testApp, '/api/bot/knowledge/search', { query, k: 3 })).body.data?.rows ?? [];

describe('adding a website', () => {
  it('checks every field and answers with the field at fault', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_url: 'not a url' }, 'start_url', SITE_MESSAGES.startUrlInvalid],
      [{ start_url: 'ftp://acme.test/' }, 'start_url', SITE_MESSAGES.startUrlInvalid],
      [{ start_kind: 'sitemap', start_url: 'https://acme.test/help/' }, 'start_url', SITE_MESSAGES.sitemapUrlInvalid],
      [{ start_url: 'https://acme.test/', max_pages: 0 }, 'max_pages', SITE_MESSAGES.maxPages],
      [{ start_url: 'https://acme.test/', max_pages: 5001 }, 'max_pages', SITE_MESSAGES.maxPages],
      [{ start_url: 'https://acme.test/', max_depth: 11 }, 'max_depth', SITE_MESSAGES.maxDepth],
      [{ start_url: 'https://acme.test/', include_prefixes: ['help/'] }, 'include_prefixes', SITE_MESSAGES.prefix],
      [{ start_url: 'https://acme.test/', exclude_prefixes: Array.from({ length: 21 }, (_, i) => `/x${i}`) }, 'exclude_prefixes', SITE_MESSAGES.tooManyPrefixes],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.post('/api/sites', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.message).toBe(message);
      expect(answer.body.error?.field ?? '').toContain(field);
    }
    expect((await viewer.post('/api/sites', { start_url: 'https://acme.test/' })).status).toBe(403);
    expect(await sites()).toEqual([]);
  });
});

describe('crawling a website through the app', () => {
  let siteId: unknown;

  it('indexes the pages within robots.txt and the limits, as one source with its pages inside', async () => {
    const added = await addSite({ start_url: `${site.origin}/`, max_depth: 3 });
    siteId = added.id;
    expect(added).toMatchObject({ status: 'queued', max_pages: 500, max_depth: 3, added_by: 'Ada Admin', pages_found: 0 });
    await runAllJobs(testApp);

    const done = await siteById(siteId);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const pages = await pagesOf(siteId);
    const status = Object.fromEntries(Object.entries(pages).map(([path, row]) => [path, row.status]));
    expect(status).toEqual({
      '/': 'indexed',
      '/help/': 'indexed',
      '/help/shipping': 'indexed',
      '/help/returns': 'indexed',
      '/help/orphan': 'indexed',
      '/about': 'indexed',
      '/latin1': 'indexed',
      '/slow': 'indexed',
      '/loop/a': 'indexed',
      '/loop/b': 'indexed',
      '/private/secret': 'skipped',
      '/files/data': 'skipped',
      '/huge': 'failed',
    });
    expect(pages['/huge']?.message).toBe(REMOTE_FETCH_REASONS.pageTooLarge('2 MB'));
    expect(pages['/help/shipping']).toMatchObject({ title: 'Shipping – Acme help centre' });
    expect(Number(pages['/help/shipping']?.chunks)).toBeGreaterThan(0);
    expect(done).toMatchObject({ pages_found: 13, pages_read: 13, pages_indexed: 10, pages_failed: 1 });

    // The pages are not document cards of their own, nor rows of Insights' document health until the bot cites them.
    const documents = await viewer.get('/api/documents/0');
    expect(documents.body.data?.rows).toEqual([]);
    const health = await admin.get('/api/insights/document-health?days=30');
    expect(health.status).toBe(200);
    expect(health.body.data?.rows).toEqual([]);
  });

  it("lets the bot find a page's text, cited by the page's URL under its heading path", async () => {
    const [first] = await botSearch('Do parcels to Reykjavik travel by zeppelin?');
    expect(first).toMatchObject({ source_url: `${site.origin}/help/shipping`, document_title: 'Shipping – Acme help centre' });
    expect(String(first?.heading)).toContain('Rates');
    const [latin1] = await botSearch('crème brûlée café');
    expect(latin1?.text).toContain('Our café serves crème brûlée to every courier.');
    // Navigation, cookie banners, footers and scripts are not knowledge.
    const dropped: [string, string][] = [['never indexed tracking pixel', 'never indexed'], ['Accept all cookies', 'cookies'], ['Copyright Acme Parcel Company rights reserved', 'Copyright']];
    for (const [query, gone] of dropped) {
      const texts = (await botSearch(query)).map((row) => String(row.text));
      expect(texts.filter((text) => text.includes(gone))).toEqual([]);
    }
    // A page reached through a redirect is cited by where it led.
    expect((await botSearch('founded in a lighthouse'))[0]).toMatchObject({ source_url: `${site.origin}/about-us` });
  });

  it('runs again after a crash without embedding an unchanged page twice, keeping its chunks', async () => {
    const chunkIds = async () =>
      (await sqlRows<{ id: number }>(testApp.db, sql`
        SELECT c.id FROM knowledge_chunks c JOIN documents d ON d.id = c.document_id WHERE d.site_id = ${Number(siteId)} ORDER BY c.id`)).map((row) => Number(row.id));
    const before = await chunkIds();
    // What a crash mid-crawl leaves: the site still crawling, its job to run again.
    await testApp.db.execute(sql`UPDATE site_sources SET status = 'crawling', finished_at = NULL WHERE id = ${Number(siteId)}`);
    await enqueueJob(testApp.db, SITE_CRAWL_QUEUE, { siteId: Number(siteId) });
    suite.embeddedTexts = 0;
    await runAllJobs(testApp);
    expect(suite.embeddedTexts).toBe(0);
    expect(await chunkIds()).toEqual(before);
    expect(await siteById(siteId)).toMatchObject({ status: 'completed', pages_found: 13, pages_indexed: 10 });
  });

  it('cancels a crawl while it runs: it stops at the next page and keeps the pages indexed', async () => {
    const slowSite = await startTestSite({ crawlDelaySeconds: 0.3 });
    try {
      const added = await addSite({ start_url: `${slowSite.origin}/help/`, max_depth: 3 });
      const crawling = runAllJobs(testApp);
      for (let waited = 0; waited < 10_000; waited += 25) {
        if (Number((await siteById(added.id))?.pages_indexed) >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const cancelled = await admin.post(`/api/sites/${String(added.id)}/cancel`);
      expect(cancelled.status).toBe(200);
      await crawling;
      const after = await siteById(added.id);
      expect(after).toMatchObject({ status: 'cancelled', message: SITE_MESSAGES.cancelled });
      expect(Number(after?.pages_indexed)).toBeGreaterThanOrEqual(1);
      expect(Number(after?.pages_read)).toBeLessThan(Number(after?.pages_found));
      expect((await admin.post(`/api/sites/${String(added.id)}/delete`)).status).toBe(200);
    } finally {
      await slowSite.close();
    }
  });

  it('ends bad sources with a clear message and loses nothing already indexed', async () => {
    const unreachable = await addSite({ start_url: 'http://127.0.0.1:1/' });
    const blocked = await addSite({ start_url: `${site.blockedOrigin}/help/` });
    const huge = await addSite({ start_kind: 'sitemap', start_url: `${site.origin}/sitemap-huge.xml`, max_pages: 3, max_depth: 0 });
    await runAllJobs(testApp);
    expect(await siteById(unreachable.id)).toMatchObject({ status: 'error', message: CRAWL_REASONS.siteUnreachable(REMOTE_FETCH_REASONS.unreachable) });
    expect(await siteById(blocked.id)).toMatchObject({ status: 'error', message: CRAWL_REASONS.robotsBlocks, pages_found: 0 });
    const hugeDone = await siteById(huge.id);
    expect(hugeDone).toMatchObject({ status: 'completed', pages_found: 3, pages_indexed: 3 });
    expect(String(hugeDone?.message)).toContain('lists more pages than the limit');
    // The first site still answers.
    expect((await botSearch('zeppelin Reykjavik'))[0]).toMatchObject({ source_url: `${site.origin}/help/shipping` });
    for (const row of [unreachable, blocked, huge]) expect((await admin.post(`/api/sites/${String(row.id)}/delete`)).status).toBe(200);
  });

  it('cancels a crawl: the job stops, the source says so', async () => {
    const added = await addSite({ start_url: `${site.origin}/help/` });
    expect((await viewer.post(`/api/sites/${String(added.id)}/cancel`)).status).toBe(403);
    const cancelled = await admin.post(`/api/sites/${String(added.id)}/cancel`);
    expect(cancelled.body.data?.rows[0]).toMatchObject({ status: 'cancelled', message: SITE_MESSAGES.cancelled });
    await runAllJobs(testApp);
    expect(await siteById(added.id)).toMatchObject({ status: 'cancelled', pages_found: 0 });
    expect((await admin.post(`/api/sites/${String(added.id)}/cancel`)).body.error?.message).toBe(SITE_MESSAGES.notCrawling);
    expect((await admin.post(`/api/sites/${String(added.id)}/delete`)).status).toBe(200);
  });

  it('deletes a site with its pages and their chunks, and audits adding and deleting it', async () => {
    expect((await viewer.post(`/api/sites/${String(siteId)}/delete`)).status).toBe(403);
    const deleted = await admin.post(`/api/sites/${String(siteId)}/delete`);
    expect(deleted.status).toBe(200);
    expect(await sites()).toEqual([]);
    expect(await botSearch('zeppelin Reykjavik')).toEqual([]);
    const [left] = await sqlRows<{ chunks: string | number; documents: string | number }>(
      testApp.db,
      sql`SELECT (SELECT count(*) FROM knowledge_chunks) AS chunks, (SELECT count(*) FROM documents) AS documents`,
    );
    expect({ chunks: Number(left?.chunks), documents: Number(left?.documents) }).toEqual({ chunks: 0, documents: 0 });
    const audit = await sqlRows<{ action: string; object_label: string }>(
      testApp.db,
      sql`SELECT action, object_label FROM audit_log WHERE object_type = 'site' AND object_id = ${Number(siteId)} ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'site_added', object_label: `${site.origin}/` },
      { action: 'site_deleted', object_label: `${site.origin}/` },
    ]);
    expect((await admin.post(`/api/sites/${String(siteId)}/delete`)).status).toBe(404);
  });
});
