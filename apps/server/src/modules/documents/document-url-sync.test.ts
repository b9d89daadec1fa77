import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_SOURCE_MESSAGES } from '@steward/contract/document-sources';
import { SITE_MESSAGES } from '@steward/contract/sites';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { outsideTheQueue } from '../../jobs/job-queue.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDataPath } from '../../test/test-data.ts';
import { startTestPdfServer, type TestPdfServer } from '../../test/test-pdf-server.ts';
import { SITE_SYNC_SCHEDULE_QUEUE, siteSyncScheduleHandler } from './site-sync-schedule.ts';

const FIRST = fs.readFileSync(testDataPath('pdf', 'three_pages_with_number.pdf'));
const SECOND = fs.readFileSync(testDataPath('pdf', 'pdfjs_wikipedia.pdf'));

let testApp: TestApp;
let pdf: TestPdfServer;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  pdf = await startTestPdfServer(FIRST);
  testApp = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Ada Admin' }));
  ({ client: viewer } = await testApp.signedInClient('viewer'));
});
afterAll(async () => {
  await testApp.close();
  await pdf.close();
});

type Row = Record<string, unknown>;
const sourceOf = async (id: number): Promise<Row | undefined> => (await viewer.get(`/api/documents/${id}/source`)).body.data?.rows[0];
const syncsOf = async (id: number): Promise<Row[]> => (await viewer.get(`/api/documents/${id}/source/syncs`)).body.data?.rows ?? [];
const counts = (sync: Row | undefined) => ({
  checked: sync?.checked,
  unchanged: sync?.unchanged,
  changed: sync?.changed,
  added: sync?.added,
  removed: sync?.removed,
  failed: sync?.failed,
});
const chunksOf = async (id: number) =>
  (await sqlRows<{ id: number | string; text: string }>(testApp.db, sql`SELECT id, content AS text FROM knowledge_chunks WHERE document_id = ${id} ORDER BY chunk_index`)).map(
    (row) => ({ id: Number(row.id), text: row.text }),
  );
const documentRow = async (id: number) =>
  (await sqlRows<{ status: string; error_message: string | null; byte_size: number | string; file_id: string }>(
    testApp.db,
    sql`SELECT status, error_message, byte_size, file_id FROM documents WHERE id = ${id}`,
  ))[0];

/** Sync now, run to its end; answers the sync's record. */
async function syncNow(id: number): Promise<Row | undefined> {
  const answer = await admin.post(`/api/documents/${id}/source/sync`);
  expect(answer.status).toBe(200);
  expect(answer.body.data?.rows[0]).toMatchObject({ syncing: true, last_sync: { status: 'queued', trigger: 'manual', requested_by: 'Ada Admin' } });
  await runAllJobs(testApp);
  return (await syncsOf(id))[0];
}

describe('a PDF added by URL, kept in sync', () => {
  let documentId: number;

  it('becomes a source when registered, with its schedule off and no sync yet', async () => {
    const fetched = await admin.post('/api/upload-url', { url: pdf.url, title: 'Manual by URL' });
    expect(fetched.status).toBe(200);
    const registered = await admin.post('/api/register-files', { filesData: fetched.body.data?.rows });
    expect(registered.status).toBe(200);
    documentId = Number(registered.body.data?.rows[0]?.id);
    await runAllJobs(testApp);
    expect((await documentRow(documentId))?.status).toBe('completed');
    expect(await sourceOf(documentId)).toEqual({
      document_id: documentId,
      url: pdf.url,
      sync_schedule: 'off',
      state: 'current',
      message: null,
      last_sync: null,
      sync_overdue: false,
      syncing: false,
    });
    // The document card shows what the spec has: nothing of the source.
    const card = (await viewer.get('/api/documents/0')).body.data?.rows.find((row) => row.id === documentId);
    expect(Object.keys(card ?? {})).not.toContain('sync_schedule');
  });

  it('an uploaded file is no source: no row, and Sync now is refused', async () => {
    const form = new FormData();
    form.append('filesData', JSON.stringify([{ title: 'Notes', source_url: 'https://shop.example.com/notes' }]));
    form.append('files', new Blob(['Returns are free within 30 days.']), 'notes.txt');
    const uploaded = await admin.postForm('/api/upload-files', form);
    const registered = await admin.post('/api/register-files', { filesData: uploaded.body.data?.rows });
    const id = Number(registered.body.data?.rows[0]?.id);
    expect((await viewer.get(`/api/documents/${id}/source`)).body.data?.rows).toEqual([]);
    const refused = await admin.post(`/api/documents/${id}/source/sync`);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(DOCUMENT_SOURCE_MESSAGES.notUrlSource);
    expect((await viewer.get('/api/documents/999999/source')).status).toBe(404);
    await runAllJobs(testApp);
  });

  it('unchanged: asks with its ETag, gets a 304, and re-parses nothing', async () => {
    const before = await chunksOf(documentId);
    expect(before.length).toBeGreaterThan(0);
    const sync = await syncNow(documentId);
    expect(sync).toMatchObject({ status: 'completed', trigger: 'manual', requested_by: 'Ada Admin', message: null });
    expect(counts(sync)).toEqual({ checked: 1, unchanged: 1, changed: 0, added: 0, removed: 0, failed: 0 });
    expect(sync?.duration_ms).toEqual(expect.any(Number));
    expect(pdf.requests.at(-1)).toEqual({ conditional: true, status: 304 });
    expect(await chunksOf(documentId)).toEqual(before);
  });

  it('a second Sync now while one is queued is refused (one sync of a source at a time)', async () => {
    expect((await admin.post(`/api/documents/${documentId}/source/sync`)).status).toBe(200);
    const again = await admin.post(`/api/documents/${documentId}/source/sync`);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(DOCUMENT_SOURCE_MESSAGES.syncing);
    expect((await viewer.post(`/api/documents/${documentId}/source/sync`)).status).toBe(403);
    await runAllJobs(testApp);
  });

  it('changed: the new file is indexed and swapped in, its validators kept', async () => {
    const before = await chunksOf(documentId);
    pdf.serve({ bytes: SECOND });
    const sync = await syncNow(documentId);
    expect(counts(sync)).toEqual({ checked: 1, unchanged: 0, changed: 1, added: 0, removed: 0, failed: 0 });
    const after = await chunksOf(documentId);
    expect(after.map((chunk) => chunk.text)).not.toEqual(before.map((chunk) => chunk.text));
    expect(after.some((chunk) => before.some((old) => old.id === chunk.id))).toBe(false);
    expect(Number((await documentRow(documentId))?.byte_size)).toBe(SECOND.length);
    // One file kept: the old one went with the swap.
    const files = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM document_files WHERE file_id = ${(await documentRow(documentId))?.file_id ?? ''}`);
    expect(files[0]?.n).toBe(1);
    // The next sync asks with the new copy's ETag.
    const unchanged = await syncNow(documentId);
    expect(counts(unchanged)).toMatchObject({ unchanged: 1 });
    expect(pdf.requests.at(-1)).toEqual({ conditional: true, status: 304 });
  });

  it('a failure other than gone keeps the last good text, marked', async () => {
    const before = await chunksOf(documentId);
    pdf.serve({ status: 500 });
    const sync = await syncNow(documentId);
    expect(sync).toMatchObject({ status: 'failed', message: 'The server at this URL answered 500.' });
    expect(counts(sync)).toMatchObject({ checked: 1, failed: 1 });
    expect(await sourceOf(documentId)).toMatchObject({ state: 'failing', message: DOCUMENT_SOURCE_MESSAGES.keptText('The server at this URL answered 500.') });
    expect(await chunksOf(documentId)).toEqual(before);
    expect((await admin.get('/api/insights/source-sync-health')).body.data?.rows[0]).toMatchObject({ failed: 1 });
  });

  it('gone (404) once keeps the text; gone twice in a row retires it from answers; found again, it is added back', async () => {
    pdf.serve({ status: 404 });
    const once = await syncNow(documentId);
    expect(once).toMatchObject({ status: 'failed', message: DOCUMENT_SOURCE_MESSAGES.goneOnce(404) });
    expect((await chunksOf(documentId)).length).toBeGreaterThan(0);
    expect((await documentRow(documentId))?.status).toBe('completed');

    const twice = await syncNow(documentId);
    expect(twice).toMatchObject({ status: 'completed', message: DOCUMENT_SOURCE_MESSAGES.goneTwice(404) });
    expect(counts(twice)).toMatchObject({ checked: 1, removed: 1 });
    expect(await chunksOf(documentId)).toEqual([]);
    expect(await documentRow(documentId)).toMatchObject({ status: 'error', error_message: DOCUMENT_SOURCE_MESSAGES.goneTwice(404) });
    expect(await sourceOf(documentId)).toMatchObject({ state: 'retired', message: DOCUMENT_SOURCE_MESSAGES.goneTwice(404) });
    const search = await botPost(testApp, '/api/bot/knowledge/search', { query: 'Wikipedia', k: 5 });
    expect((search.body.data?.rows ?? []).filter((row) => row.document_id === documentId)).toEqual([]);

    pdf.serve({ bytes: FIRST });
    const back = await syncNow(documentId);
    expect(counts(back)).toMatchObject({ checked: 1, added: 1 });
    expect(pdf.requests.at(-1)).toEqual({ conditional: false, status: 200 });
    expect((await chunksOf(documentId)).length).toBeGreaterThan(0);
    expect(await documentRow(documentId)).toMatchObject({ status: 'completed', error_message: null });
    expect(await sourceOf(documentId)).toMatchObject({ state: 'current', message: null });
  });

  it('a 404 between two others is not "twice in a row"', async () => {
    pdf.serve({ status: 404 });
    await syncNow(documentId);
    pdf.serve({ status: 503 });
    await syncNow(documentId);
    pdf.serve({ status: 404 });
    const third = await syncNow(documentId);
    expect(third).toMatchObject({ status: 'failed', message: DOCUMENT_SOURCE_MESSAGES.goneOnce(404) });
    expect((await chunksOf(documentId)).length).toBeGreaterThan(0);
    pdf.serve({ bytes: FIRST });
    expect(counts(await syncNow(documentId))).toMatchObject({ unchanged: 1 });
  });

  it('sets a schedule (audited; others may not), and the schedule queues one sync when it is due', async () => {
    expect((await viewer.post(`/api/documents/${documentId}/source/schedule`, { sync_schedule: 'daily' })).status).toBe(403);
    const invalid = await admin.post(`/api/documents/${documentId}/source/schedule`, { sync_schedule: 'hourly' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.message).toBe(SITE_MESSAGES.scheduleInvalid);
    const saved = await admin.post(`/api/documents/${documentId}/source/schedule`, { sync_schedule: 'daily' });
    expect(saved.body.data?.rows[0]).toMatchObject({ sync_schedule: 'daily', sync_overdue: false });
    const audit = await sqlRows<{ action: string; actor_name: string; details: unknown }>(
      testApp.db,
      sql`SELECT action, actor_name, details FROM audit_log WHERE action IN ('document_sync_schedule_changed', 'document_synced') AND object_id = ${documentId} ORDER BY id`,
    );
    expect(audit.at(-1)).toMatchObject({ action: 'document_sync_schedule_changed', actor_name: 'Ada Admin' });
    const details = audit.at(-1)?.details;
    expect(typeof details === 'string' ? JSON.parse(details) : details).toEqual({ from: 'off', to: 'daily' });
    expect(audit.filter((row) => row.action === 'document_synced').length).toBeGreaterThan(0);

    const run = siteSyncScheduleHandler({ db: testApp.db, log: testApp.context.log, clock: () => new Date(Date.now() + 25 * 3_600_000) });
    await run({}, outsideTheQueue());
    // A second instance at the same moment queues nothing more: a sync of it is open.
    await run({}, outsideTheQueue());
    const queued = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM site_syncs WHERE document_id = ${documentId} AND status = 'queued'`);
    expect(queued[0]?.n).toBe(1);
    await sqlRows(testApp.db, sql`DELETE FROM jobs WHERE queue = ${SITE_SYNC_SCHEDULE_QUEUE}`);
    await runAllJobs(testApp);
    expect((await syncsOf(documentId))[0]).toMatchObject({ trigger: 'schedule', requested_by: null, status: 'completed', unchanged: 1 });
  });
});
