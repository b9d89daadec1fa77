import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { testDataPath } from '../../test/test-data.ts';
import { onPostgres } from '../../test/test-database.ts';
import { testAppWithAdmin } from '../../test/admin-test-app.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { documentIngestionHandler, INGESTION_ATTEMPTS, INGESTION_CUT_OFF } from './document-ingestion.ts';
import { outsideTheQueue, runNextJob } from '../../jobs/job-queue.ts';

const suite = testAppWithAdmin();


async function addDocument(name: string, bytes: Buffer | string, title = name) {
  const form = new FormData();
  form.append('filesData', JSON.stringify([{ title, source_url: `https://shop.example.com/${encodeURIComponent(name)}` }]));
  form.append('files', new Blob([bytes]), name);
  const uploaded = await suite.admin.postForm('/api/upload-files', form);
  const registered = await suite.admin.post('/api/register-files', { filesData: uploaded.body.data?.rows });
  const row = registered.body.data?.rows[0];
  return { id: Number(row?.id), fileId: String(row?.file_id) };
}

const statusOf = async (id: number) =>
  (await sqlRows<{ status: string; error_message: string | null }>(suite.app.db, sql`SELECT status, error_message FROM documents WHERE id = ${id}`))[0];

const RETURNS = [
  'Returns and refunds',
  '',
  'You can return any item within 30 days of delivery for a full refund. Print the prepaid label from your account and drop the parcel at any post office.',
  '',
  'Refunds reach your card within five business days after we receive the parcel.',
].join('\n');
const SHIPPING = 'Shipping\n\nWe ship to 40 countries. Standard delivery takes three to five days; express delivery arrives the next day.';

describe('ingesting documents into the knowledge store', () => {
  it('indexes text and CSV documents, then finds the passage that answers a question, for staff and for the bot', async () => {
    const returns = await addDocument('returns.txt', RETURNS, 'Returns policy');
    const shipping = await addDocument('shipping.txt', SHIPPING, 'Shipping');
    const prices = await addDocument('prices.csv', 'item,price\nteapot,30\nmug,8\n', 'Price list');
    await runAllJobs(suite.app);
    for (const document of [returns, shipping, prices]) expect(await statusOf(document.id)).toEqual({ status: 'completed', error_message: null });

    const answer = await suite.admin.post('/api/knowledge/search', { query: 'How long does a refund take?', k: 3 });
    expect(answer.status).toBe(200);
    const [best] = answer.body.data?.rows ?? [];
    expect(best).toMatchObject({ document_title: 'Returns policy', page: null, document_id: returns.id });
    expect(String(best?.text)).toContain('five business days');

    const csv = await botPost(suite.app, '/api/bot/knowledge/search', { query: 'price of a teapot' });
    expect(csv.status).toBe(200);
    expect(csv.body.data?.rows[0]).toMatchObject({ document_title: 'Price list' });
    expect(String(csv.body.data?.rows[0]?.text)).toContain('item: teapot');
  });

  it('writes each chunk once even when a job runs again', async () => {
    const document = await addDocument('again.txt', SHIPPING);
    await runAllJobs(suite.app);
    const count = async () =>
      (await sqlRows<{ n: number }>(suite.app.db, sql`SELECT count(*)::int AS n FROM knowledge_chunks WHERE document_id = ${document.id}`))[0]?.n;
    const first = await count();
    await suite.app.db.execute(sql`UPDATE jobs SET status = 'queued', run_at = now() WHERE payload->>'fileId' = ${document.fileId}`);
    await runAllJobs(suite.app);
    expect(await count()).toBe(first);
    expect(first).toBeGreaterThan(0);
  });

  it.skipIf(onPostgres())('keeps a document completed and answering by full text when only its vectors fail to be written; the job fails, to run again', async () => {
    const document = await addDocument('gift-cards.txt', 'Gift cards\n\nGift cards never expire. Spend them on anything in the shop, online or in person.', 'Gift cards');
    // The vectors are written after the document is marked indexed: make that write fail, on the last attempt.
    await suite.app.database.execScript(`
      CREATE FUNCTION test_refuse_windows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no vectors today'; END $$;
      CREATE TRIGGER test_refuse_windows BEFORE INSERT ON knowledge_chunk_windows FOR EACH ROW EXECUTE FUNCTION test_refuse_windows();`);
    try {
      const ingest = documentIngestionHandler({ db: suite.app.db, log: suite.app.app.log, knowledge: suite.app.context.knowledge });
      const failure: unknown = await ingest({ documentId: document.id, fileId: document.fileId }, { ...outsideTheQueue(), attempt: INGESTION_ATTEMPTS }).then(
        () => undefined,
        (error: unknown) => error,
      );
      // The database's refusal, under Drizzle's "Failed query".
      expect(failure instanceof Error && failure.cause instanceof Error ? failure.cause.message : failure).toBe('no vectors today');
    } finally {
      await suite.app.database.execScript('DROP TRIGGER test_refuse_windows ON knowledge_chunk_windows; DROP FUNCTION test_refuse_windows();');
    }
    expect(await statusOf(document.id)).toEqual({ status: 'completed', error_message: null });
    // Found by its words (without vectors it ranks below the passages both rankings find).
    const answer = await suite.admin.post('/api/knowledge/search', { query: 'Do gift cards expire?', k: 3 });
    expect(answer.body.data?.rows.map((row) => row.document_id)).toContain(document.id);
    // The job queued by the upload indexes it again, vectors and all.
    await runAllJobs(suite.app);
    const [windows] = await sqlRows<{ n: number }>(suite.app.db, sql`
      SELECT count(*)::int AS n FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id WHERE c.document_id = ${document.id}`);
    expect(windows?.n).toBeGreaterThan(0);
  });

  it('stops between steps at a graceful stop, leaving the document in progress for the run that takes it over', async () => {
    const document = await addDocument('stopped.txt', RETURNS, 'Stopped');
    const ingest = documentIngestionHandler({ db: suite.app.db, log: suite.app.app.log, knowledge: suite.app.context.knowledge });
    const stopping = new AbortController();
    stopping.abort();
    await expect(ingest({ documentId: document.id, fileId: document.fileId }, { ...outsideTheQueue(), attempt: INGESTION_ATTEMPTS, signal: stopping.signal })).rejects.toThrow();
    expect((await statusOf(document.id))?.status).toBe('in_progress');
    await runAllJobs(suite.app);
    expect(await statusOf(document.id)).toEqual({ status: 'completed', error_message: null });
  });

  it('ends in error with the reason when the server died during each attempt, never in progress for ever', async () => {
    const document = await addDocument('killer.txt', SHIPPING, 'Killer');
    // The job as an instance killed during its last attempt leaves it.
    await suite.app.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = ${INGESTION_ATTEMPTS}, locked_by = 'dead-instance:3000', locked_until = now() - interval '1 second'
      WHERE queue = 'document-ingestion' AND (payload->>'documentId')::int = ${document.id}`);
    expect(await runNextJob(suite.app.db, suite.app.context.jobHandlers, suite.app.context.log)).toBe(true);
    expect(await statusOf(document.id)).toEqual({ status: 'error', error_message: INGESTION_CUT_OFF });
  });

  it('ends a broken or empty PDF in error with its reason, never in progress', async () => {
    const dir = testDataPath('pdf');
    const fuzzed = await addDocument('fuzzed.pdf', fs.readFileSync(path.join(dir, 'GHOSTSCRIPT-698804-1-fuzzed.pdf')));
    const empty = await addDocument('empty.pdf', fs.readFileSync(path.join(dir, 'empty.pdf')));
    await runAllJobs(suite.app);
    for (const document of [fuzzed, empty]) {
      const state = await statusOf(document.id);
      expect(state?.status).toBe('error');
      expect(state?.error_message).toMatch(/\w+/);
    }
  });

  it('keeps the old version answering until the new one is indexed, then swaps it in', async () => {
    const document = await addDocument('hours.txt', 'Opening hours\n\nThe shop opens at nine and closes at five.', 'Opening hours');
    await runAllJobs(suite.app);
    const form = new FormData();
    form.append('file', new Blob(['Opening hours\n\nThe shop now opens at eight and closes at six.']), 'hours-2027.txt');
    expect((await suite.admin.postForm(`/api/documents/${document.id}/replace`, form)).status).toBe(200);

    const before = await suite.admin.post('/api/knowledge/search', { query: 'When does the shop open?', k: 1 });
    expect(String(before.body.data?.rows[0]?.text)).toContain('opens at nine');

    await runAllJobs(suite.app);
    const after = await suite.admin.post('/api/knowledge/search', { query: 'When does the shop open?', k: 1 });
    expect(String(after.body.data?.rows[0]?.text)).toContain('opens at eight');
    const [row] = await sqlRows<{ filename: string; status: string; replacing_file_id: string | null }>(suite.app.db, sql`
      SELECT filename, status, replacing_file_id FROM documents WHERE id = ${document.id}`);
    expect(row).toEqual({ filename: 'hours-2027.txt', status: 'completed', replacing_file_id: null });
    const oldFile = await sqlRows<{ n: number }>(suite.app.db, sql`SELECT count(*)::int AS n FROM document_files WHERE file_id = ${document.fileId}`);
    expect(oldFile).toEqual([{ n: 0 }]);
  });

  it('uses vectors where pgvector exists, and full text alone where it does not', async () => {
    const vectors = await sqlRows<{ n: number }>(suite.app.db, sql`
      SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'knowledge_chunk_windows' AND column_name = 'embedding'`);
    expect(vectors[0]?.n).toBe(onPostgres() ? 0 : 1);
    expect(suite.app.context.knowledge.vectorsEnabled).toBe(!onPostgres());
  });
});
