import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { addDocument, insertDocument } from '../../test/document-upload.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../test/fake-llm-server.ts';
import { hashedWordsEmbedder } from '../../test/hashed-words-embedder.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { onPostgres } from '../../test/test-database.ts';
import { KNOWLEDGE_REINDEX_QUEUE } from './knowledge-reindex.actions.ts';
import { REINDEX_BATCH_CHUNKS } from './knowledge-reindex-job.ts';
import { replaceChunks, writeChunkWindows } from './knowledge.repository.ts';

const CARE = 'Care guide\n\nWash the teapot by hand in warm water. Never put it in the dishwasher.';
const DESCALING = 'Descaling\n\nDescale the kettle every month with white vinegar and rinse it twice.';
const FILLERS = 40;

let embeddings: FakeLlmServer;
let testApp: TestApp;
let admin: ApiClient;

/** The embeddings API's requests since `from`, and the texts they sent. */
const embeddedTexts = (from = 0): string[] =>
  embeddings.received.slice(from).filter((request) => request.url === '/v1/embeddings').flatMap((request) => (request.body as { input: string[] }).input);
const chunkCount = async () => (await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM knowledge_chunks`))[0]?.n ?? 0;
const windowsByGeneration = () =>
  sqlRows<{ generation: number; chunks: number; dims: number }>(testApp.db, sql`
    SELECT generation, count(DISTINCT chunk_id)::int AS chunks, max(vector_dims(embedding))::int AS dims FROM knowledge_chunk_windows GROUP BY generation ORDER BY generation`);
const store = async () =>
  (await sqlRows<{ generation: number; embedding_model: string; embedding_dimensions: number; building_generation: number | null }>(testApp.db, sql`
    SELECT generation, embedding_model, embedding_dimensions, building_generation FROM knowledge_store`))[0];
const reindexState = async () => (await admin.get('/api/knowledge/reindex')).body.data?.rows[0];
const search = async (query: string) => (await admin.post('/api/knowledge/search', { query, k: 3 })).body.data?.rows ?? [];
const apiEmbedder = () => ({ kind: 'api', server: { base_url: embeddings.baseUrl, model: 'test-embed-model', key: { change: 'replace', value: 'sk-embeddings' } } });
const saveEmbedder = (embedder: Record<string, unknown>) => admin.post('/api/answer-models', { writer: { kind: 'quotes' }, embedder });

beforeAll(async () => {
  embeddings = await startFakeLlmServer();
  testApp = await createTestApp({}, { embedder: hashedWordsEmbedder });
  ({ client: admin } = await testApp.signedInClient('admin'));
  await addDocument(admin, { name: 'care.txt', bytes: CARE, title: 'Care guide', sourceUrl: 'https://shop.example.com/care' });
  await runAllJobs(testApp);
  // Enough passages for more than one batch of the re-index.
  const documentId = await insertDocument(testApp.db, 'Fillers');
  const fillers = Array.from({ length: FILLERS }, (_, index) => ({ index, page: null, pageEnd: null, heading: null, startsSection: true, text: `Filler passage number ${index} about teacups.` }));
  const vectors = await hashedWordsEmbedder.embed(fillers.map((filler) => filler.text));
  // Without pgvector (the PostgreSQL test server) the chunks alone.
  const generation = onPostgres() ? undefined : 1;
  const windows = await testApp.db.transaction((tx) => replaceChunks(tx, { documentId }, fillers.map((filler, index) => ({ ...filler, windowEmbeddings: [vectors[index] ?? []] })), generation));
  if (generation) await writeChunkWindows(testApp.db, windows);
});
afterAll(async () => {
  await testApp.close();
  await embeddings.close();
});

describe.skipIf(onPostgres())('changing the embedder re-indexes the knowledge in the background (pgvector)', () => {
  it('answers from the old vectors during the build, resumes after a failure without embedding a passage twice, takes in a document added meanwhile, then answers from the new ones', async () => {
    expect(await reindexState()).toEqual({ state: 'idle', done: 0, total: 0, error: null, rebuild: false });
    const before = await chunkCount();
    expect(await windowsByGeneration()).toEqual([{ generation: 1, chunks: before, dims: 16 }]);

    const { queryEmbedder } = testApp.context.knowledge;
    expect([queryEmbedder.model, queryEmbedder.dimensions]).toEqual(['test-hashed-words', 16]);
    expect((await saveEmbedder(apiEmbedder())).status).toBe(200);
    expect(await reindexState()).toEqual({ state: 'running', done: 0, total: before, error: null, rebuild: false });
    expect(await sqlRows(testApp.db, sql`SELECT payload FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE}`)).toEqual([{ payload: { generation: 2 } }]);

    // The embeddings API answers one batch, then fails: the job records the failure and tries again later.
    embeddings.behave({ kind: 'status-after', answered: 1, status: 503 });
    await addDocument(admin, { name: 'descaling.txt', bytes: DESCALING, title: 'Descaling', sourceUrl: 'https://shop.example.com/descaling' });
    await runAllJobs(testApp);
    const during = await reindexState();
    expect(during).toMatchObject({ state: 'failed', done: REINDEX_BATCH_CHUNKS, total: await chunkCount(), rebuild: false });
    expect(during?.error).toContain('503');
    // One batch answered and written; the next one sent and refused.
    expect(embeddedTexts().length).toBeGreaterThan(REINDEX_BATCH_CHUNKS);

    // The old vectors keep answering, the new document's included; the question is not sent to the new embedder.
    const sent = embeddings.received.length;
    expect((await search('dishwasher'))[0]?.text).toContain('Never put it in the dishwasher.');
    expect((await search('descale kettle vinegar'))[0]?.text).toContain('white vinegar');
    expect(embeddings.received.length).toBe(sent);
    expect((await store())?.generation).toBe(1);

    // The retry (its back-off over) embeds only what the first run did not write.
    embeddings.behave({ kind: 'stream', pieces: ['Hello.'] });
    await testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE} AND status = 'queued'`);
    const resumedFrom = embeddings.received.length;
    await runAllJobs(testApp);
    const total = await chunkCount();
    expect(embeddedTexts(resumedFrom)).toHaveLength(total - REINDEX_BATCH_CHUNKS);
    expect(await store()).toEqual({ generation: 2, embedding_model: 'test-embed-model', embedding_dimensions: 4, building_generation: null });
    expect(await windowsByGeneration()).toEqual([{ generation: 2, chunks: total, dims: 4 }]);
    expect(await sqlRows(testApp.db, sql`SELECT indexname FROM pg_indexes WHERE tablename = 'knowledge_chunk_windows' AND indexname LIKE '%embedding%'`)).toEqual([
      { indexname: 'knowledge_chunk_windows_embedding_g2_d4_idx' },
    ]);
    expect(await reindexState()).toEqual({ state: 'idle', done: 0, total: 0, error: null, rebuild: false });
    // The embedder questions and search results go to names the model that answers now, not the one started with.
    expect([queryEmbedder.model, queryEmbedder.dimensions]).toEqual(['test-embed-model', 4]);

    // Now the question is embedded by the new embedder, with the key saved on the card.
    const asked = embeddings.received.length;
    expect((await search('How do I descale the kettle?'))[0]?.text).toContain('white vinegar');
    expect(embeddedTexts(asked)).toEqual(['How do I descale the kettle?']);
    expect(embeddings.received.at(-1)?.authorization).toBe('Bearer sk-embeddings');
  });

  it('choosing the active embedder again during a build cancels it and drops its vectors', async () => {
    expect((await saveEmbedder({ kind: 'built_in' })).status).toBe(200);
    expect((await store())?.building_generation).toBe(3);
    expect((await saveEmbedder({ ...apiEmbedder(), server: { ...apiEmbedder().server, key: { change: 'keep' } } })).status).toBe(200);
    expect((await store())?.building_generation).toBeNull();
    const sent = embeddings.received.length;
    await runAllJobs(testApp);
    expect(embeddings.received.length).toBe(sent);
    expect((await store())?.generation).toBe(2);
    expect(await windowsByGeneration()).toEqual([{ generation: 2, chunks: await chunkCount(), dims: 4 }]);
  });
});

describe.runIf(onPostgres())('changing the embedder without pgvector', () => {
  it('saves the choice and queues nothing: there are no vectors to re-index', async () => {
    expect((await saveEmbedder(apiEmbedder())).status).toBe(200);
    expect(await sqlRows(testApp.db, sql`SELECT id FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE}`)).toEqual([]);
    expect(await reindexState()).toEqual({ state: 'idle', done: 0, total: 0, error: null, rebuild: false });
  });
});
