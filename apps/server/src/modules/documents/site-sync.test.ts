import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_MESSAGES } from '@steward/contract/sites';
import { sqlRows } from '../../db/sql-rows.ts';
import { REMOTE_FETCH_REASONS } from '../../ingest/remote/fetch-remote-pdf.ts';
import { CRAWL_REASONS } from '../../ingest/site/crawl-site.ts';
import { outsideTheQueue } from '../../jobs/job-queue.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import type { TestApp } from '../../test/test-app.ts';
import { siteTestApp } from '../../test/site-test-app.ts';
import { type TestSite, testSitePage, urlset } from '../../test/test-site-server.ts';
import { SITE_CRAWL_TEXTS } from './site-crawl.ts';
import { SITE_SYNC_SCHEDULE_QUEUE, siteSyncScheduleHandler } from './site-sync-schedule.ts';
import { reindexKnowledge } from '../../cli/reindex-knowledge.ts';
import { onPostgres } from '../../test/test-database.ts';
import { createKnowledgeStore } from '../knowledge/knowledge-store.ts';
import { syncHealth } from './site-syncs.repository.ts';

const suite = siteTestApp();
let testApp: TestApp;
let site: TestSite;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(() => {
  ({ app: testApp, site, admin, viewer } = suite);
});

type Row = Record<string, unknown>;
const siteById = async (id: unknown): Promise<Row | undefined> => ((await viewer.get('/api/sites')).body.data?.rows ?? []).find((row) => row.id === id);
async function pagesOf(id: unknown): Promise<Record<string, Row>> {
  const answer = await viewer.get(`/api/sites/${String(id)}/pages/0`);
  expect(answer.status).toBe(200);
  return Object.fromEntries((answer.body.data?.rows ?? []).map((row) => [new URL(String(row.url)).pathname, row]));
}
async function syncsOf(id: unknown): Promise<Row[]> {
  const answer = await viewer.get(`/api/sites/${String(id)}/syncs`);
  expect(answer.status).toBe(200);
  return answer.body.data?.rows ?? [];
}
const counts = (sync: Row | undefined) => ({
  checked: sync?.checked,
  unchanged: sync?.unchanged,
  changed: sync?.changed,
  added: sync?.added,
  removed: sync?.removed,
  failed: sync?.failed,
});
const botSearch = async (query: string) => (await botPost(testApp, '/api/bot/knowledge/search', { query, k: 3 })).body.data?.rows ?? [];
const answersFrom = async (query: string): Promise<string[]> => (await botSearch(query)).map((row) => `${new URL(String(row.source_url)).pathname}: ${String(row.text)}`);

/** Each site page's chunk ids, by path: a page not indexed again keeps its chunks (the same ids). */
const chunkIdsByPage = async (): Promise<Record<string, number[]>> => {
  const rows = await sqlRows<{ url: string; id: number | string }>(testApp.db, sql`
    SELECT p.url, c.id FROM site_pages p JOIN knowledge_chunks c ON c.document_id = p.document_id ORDER BY c.id`);
  const byPage: Record<string, number[]> = {};
  for (const row of rows) (byPage[new URL(row.url).pathname] ??= []).push(Number(row.id));
  return byPage;
};

/** The embedder is asked only where the database keeps vectors (not on the PostgreSQL test server, without pgvector). */
const embeds = () => testApp.context.knowledge.vectorsEnabled;

/** Sync now, then the sync run to its end; answers the sync's record. */
async function syncNow(id: unknown): Promise<Row | undefined> {
  const answer = await admin.post(`/api/sites/${String(id)}/sync`);
  expect(answer.status).toBe(200);
  expect(answer.body.data?.rows[0]).toMatchObject({ status: 'queued', last_sync: { status: 'queued', trigger: 'manual', requested_by: 'Ada Admin' } });
  await runAllJobs(testApp);
  return (await syncsOf(id))[0];
}

describe('a website source that stays in sync', () => {
  let siteId: unknown;

  it('records the first read as a sync, and keeps each page’s ETag and Last-Modified', async () => {
    const added = await admin.post('/api/sites', { start_url: `${site.origin}/help/`, include_prefixes: ['/help/'] });
    siteId = added.body.data?.rows[0]?.id;
    expect(added.body.data?.rows[0]).toMatchObject({ sync_schedule: 'off', sync_overdue: false, last_sync: { trigger: 'added', status: 'queued' } });
    await runAllJobs(testApp);
    const [first] = await syncsOf(siteId);
    expect(first).toMatchObject({ trigger: 'added', requested_by: 'Ada Admin', status: 'completed', message: null });
    expect(counts(first)).toEqual({ checked: 4, unchanged: 0, changed: 0, added: 4, removed: 0, failed: 0 });
    expect(Number(first?.duration_ms)).toBeGreaterThanOrEqual(0);
    const stored = await sqlRows<{ url: string; etag: string | null; last_modified: string | null }>(
      testApp.db,
      sql`SELECT url, etag, last_modified FROM site_pages WHERE site_id = ${Number(siteId)} ORDER BY url`,
    );
    expect(stored).toHaveLength(4);
    for (const page of stored) expect(page.etag, page.url).toMatch(/^"[0-9a-f]{16}"$/);
    for (const page of stored) expect(page.last_modified, page.url).toMatch(/GMT$/);
  });

  it('re-syncs an unchanged site with conditional requests: every page 304, nothing embedded again', async () => {
    const before = site.requests.length;
    const chunksBefore = await chunkIdsByPage();
    suite.embeddedTexts = 0;
    const sync = await syncNow(siteId);
    expect(sync).toMatchObject({ trigger: 'manual', requested_by: 'Ada Admin', status: 'completed' });
    expect(counts(sync)).toEqual({ checked: 4, unchanged: 4, changed: 0, added: 0, removed: 0, failed: 0 });
    expect(suite.embeddedTexts).toBe(0);
    expect(await chunkIdsByPage()).toEqual(chunksBefore);
    const pageRequests = site.requests.slice(before).filter((request) => request.path.startsWith('/help/'));
    expect(pageRequests.map((request) => [request.path, request.conditional, request.status]).sort()).toEqual([
      ['/help/', true, 304],
      ['/help/orphan', true, 304],
      ['/help/returns', true, 304],
      ['/help/shipping', true, 304],
    ]);
    expect(await siteById(siteId)).toMatchObject({ status: 'completed', pages_indexed: 4, last_sync: { status: 'completed', unchanged: 4 } });
  });

  it('re-embeds only a changed page, and the bot then answers its new text', async () => {
    expect((await answersFrom('returns label days'))[0]).toContain('Returns are free within 30 days');
    site.edit('/help/returns', { body: testSitePage('Returns', '<h1>Returns</h1><p>Returns are free within 90 days when the parcel carries the purple returns label.</p>') });
    const chunksBefore = await chunkIdsByPage();
    suite.embeddedTexts = 0;
    const sync = await syncNow(siteId);
    expect(counts(sync)).toEqual({ checked: 4, unchanged: 3, changed: 1, added: 0, removed: 0, failed: 0 });
    const chunksAfter = await chunkIdsByPage();
    // Only the changed page's chunks were replaced (and embedded): the others keep theirs.
    expect(chunksAfter['/help/returns']).not.toEqual(chunksBefore['/help/returns']);
    expect({ ...chunksAfter, '/help/returns': [] }).toEqual({ ...chunksBefore, '/help/returns': [] });
    if (embeds()) expect(suite.embeddedTexts).toBe(chunksAfter['/help/returns']?.length);
    const answers = await answersFrom('returns label days');
    expect(answers[0]).toContain('/help/returns: Returns are free within 90 days when the parcel carries the purple returns label.');
    expect(answers.filter((text) => text.includes('30 days'))).toEqual([]);
  });

  it('keeps a page gone once answering, marked; retires it when the next sync finds it gone too', async () => {
    site.edit('/help/orphan', { status: 404 });
    const once = await syncNow(siteId);
    expect(counts(once)).toMatchObject({ checked: 4, failed: 1, removed: 0 });
    expect((await pagesOf(siteId))['/help/orphan']).toMatchObject({ status: 'failed', message: SITE_CRAWL_TEXTS.goneOnce(404) });
    expect((await answersFrom('hoverboard warranty gyroscope'))[0]).toContain('/help/orphan: ');

    const twice = await syncNow(siteId);
    expect(counts(twice)).toMatchObject({ checked: 4, failed: 0, removed: 1, unchanged: 3 });
    expect((await pagesOf(siteId))['/help/orphan']).toMatchObject({ status: 'retired', message: SITE_CRAWL_TEXTS.goneTwice(404), chunks: 0 });
    expect((await answersFrom('hoverboard warranty gyroscope')).filter((text) => text.startsWith('/help/orphan'))).toEqual([]);
    expect(await siteById(siteId)).toMatchObject({ pages_found: 3, pages_indexed: 3 });
    // Still listed in the sitemap robots.txt names and still gone: it stays retired, neither failed nor removed again.
    expect(counts(await syncNow(siteId))).toMatchObject({ failed: 0, removed: 0, unchanged: 3 });
    expect((await pagesOf(siteId))['/help/orphan']).toMatchObject({ status: 'retired' });
  });

  it('keeps the last good text of a page failing for another reason, and says why', async () => {
    site.edit('/help/shipping', { status: 500 });
    const sync = await syncNow(siteId);
    expect(counts(sync)).toMatchObject({ failed: 1, removed: 0, changed: 0 });
    expect((await pagesOf(siteId))['/help/shipping']).toMatchObject({ status: 'failed', message: SITE_CRAWL_TEXTS.keptText(CRAWL_REASONS.pageStatus(500)) });
    expect((await answersFrom('zeppelin Reykjavik'))[0]).toContain('/help/shipping: ');
    site.edit('/help/shipping', undefined);
    expect(counts(await syncNow(siteId))).toMatchObject({ failed: 0, unchanged: 3 });
    expect((await pagesOf(siteId))['/help/shipping']).toMatchObject({ status: 'indexed', message: null });
  });

  it('never queues a second sync of a site being read', async () => {
    const queued = await admin.post(`/api/sites/${String(siteId)}/sync`);
    expect(queued.status).toBe(200);
    const again = await admin.post(`/api/sites/${String(siteId)}/sync`);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(SITE_MESSAGES.crawling);
    expect((await viewer.post(`/api/sites/${String(siteId)}/sync`)).status).toBe(403);
    const jobs = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM jobs WHERE queue = 'site-crawl' AND status = 'queued'`);
    expect(jobs[0]?.n).toBe(1);
    await runAllJobs(testApp);
  });

  it('sets a schedule (audited), and the schedule runs a sync when it is due', async () => {
    expect((await viewer.post(`/api/sites/${String(siteId)}/schedule`, { sync_schedule: 'daily' })).status).toBe(403);
    const wrong = await admin.post(`/api/sites/${String(siteId)}/schedule`, { sync_schedule: 'hourly' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(SITE_MESSAGES.scheduleInvalid);
    const set = await admin.post(`/api/sites/${String(siteId)}/schedule`, { sync_schedule: 'daily' });
    expect(set.body.data?.rows[0]).toMatchObject({ sync_schedule: 'daily', sync_overdue: false });
    const audit = await sqlRows<{ action: string; actor_name: string; details: unknown }>(
      testApp.db,
      sql`SELECT action, actor_name, details FROM audit_log WHERE action = 'site_sync_schedule_changed' AND object_id = ${Number(siteId)}`,
    );
    expect(audit.map((row) => ({ ...row, details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details }))).toEqual([
      { action: 'site_sync_schedule_changed', actor_name: 'Ada Admin', details: { from: 'off', to: 'daily' } },
    ]);

    const syncsBefore = (await syncsOf(siteId)).length;
    const now = Date.now();
    // Just synced: nothing is due yet.
    await siteSyncScheduleHandler({ db: testApp.db, log: testApp.context.log, clock: () => new Date(now) })({}, outsideTheQueue());
    await runAllJobs(testApp);
    expect(await syncsOf(siteId)).toHaveLength(syncsBefore);
    // A day and an hour later, it is.
    await siteSyncScheduleHandler({ db: testApp.db, log: testApp.context.log, clock: () => new Date(now + 25 * 3_600_000) })({}, outsideTheQueue());
    await runAllJobs(testApp);
    const [scheduled] = await syncsOf(siteId);
    expect(await syncsOf(siteId)).toHaveLength(syncsBefore + 1);
    expect(scheduled).toMatchObject({ trigger: 'schedule', requested_by: null, status: 'completed', unchanged: 3 });
    // The handler booked its next look.
    const next = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM jobs WHERE queue = ${SITE_SYNC_SCHEDULE_QUEUE} AND status = 'queued'`);
    expect(next[0]?.n).toBe(1);
  });

  it('counts in Insights’ document health the sources whose last sync failed or is overdue', async () => {
    const health = async () => (await admin.get('/api/insights/source-sync-health')).body.data?.rows[0];
    expect(await health()).toEqual({ failed: 0, overdue: 0 });
    const broken = await admin.post('/api/sites', { start_url: 'http://127.0.0.1:1/' });
    await runAllJobs(testApp);
    expect((await syncsOf(broken.body.data?.rows[0]?.id))[0]).toMatchObject({ status: 'failed', message: CRAWL_REASONS.siteUnreachable(REMOTE_FETCH_REASONS.unreachable) });
    expect(await health()).toEqual({ failed: 1, overdue: 0 });
    // The daily source, three days on with no sync finished: overdue (twice its interval passed).
    expect(await syncHealth(testApp.db, new Date(Date.now() + 3 * 86_400_000))).toEqual({ failed: 1, overdue: 1 });
    expect((await admin.post(`/api/sites/${String(broken.body.data?.rows[0]?.id)}/delete`)).status).toBe(200);
  });

  it('retires a sitemap source’s page no longer in its sitemap, and adds a new one', async () => {
    const added = await admin.post('/api/sites', { start_kind: 'sitemap', start_url: `${site.origin}/sitemap-pages.xml`, max_depth: 0 });
    const id = added.body.data?.rows[0]?.id;
    await runAllJobs(testApp);
    expect(Object.keys(await pagesOf(id)).sort()).toEqual(['/help/', '/help/shipping', '/private/secret']);
    site.edit('/sitemap-pages.xml', { body: urlset([`${site.origin}/help/`, `${site.origin}/help/returns`]) });
    const sync = await syncNow(id);
    expect(counts(sync)).toMatchObject({ added: 1, removed: 2, unchanged: 1 });
    const pages = await pagesOf(id);
    expect(pages['/help/shipping']).toMatchObject({ status: 'retired', message: SITE_CRAWL_TEXTS.notInSitemap });
    expect(pages['/help/returns']).toMatchObject({ status: 'indexed' });
    site.edit('/sitemap-pages.xml', undefined);
    expect((await admin.post(`/api/sites/${String(id)}/delete`)).status).toBe(200);
  });

  it('is covered by npm run reindex: every page’s chunks get their vectors again', async () => {
    const siteChunks = sql`SELECT c.id FROM knowledge_chunks c JOIN documents d ON d.id = c.document_id WHERE d.site_id IS NOT NULL`;
    const [chunks] = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM (${siteChunks}) s`);
    expect(chunks?.n).toBeGreaterThan(0);
    suite.embeddedTexts = 0;
    const report = await reindexKnowledge(testApp.db, createKnowledgeStore(testApp.db, suite.embedder), testApp.context.log, () => undefined);
    expect(report).toMatchObject({ sitePages: 3, failures: [] });
    if (onPostgres()) return; // no pgvector on the test server: nothing is embedded, there are no vectors to check
    expect(suite.embeddedTexts).toBe(chunks?.n);
    const [windows] = await sqlRows<{ n: number }>(testApp.db, sql`
      SELECT count(DISTINCT chunk_id)::int AS n FROM knowledge_chunk_windows WHERE chunk_id IN (${siteChunks})`);
    expect(windows?.n).toBe(chunks?.n);
  });
});
