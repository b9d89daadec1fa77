import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows.ts';
import type { Embedder } from '../ingest/embedders/embedder.ts';
import { KNOWLEDGE_REINDEX_QUEUE } from '../modules/knowledge/knowledge-reindex.actions.ts';
import { createKnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import type { ApiClient } from '../test/api-client.ts';
import { addDocument } from '../test/document-upload.ts';
import { hashedWordsEmbedder } from '../test/hashed-words-embedder.ts';
import { runAllJobs } from '../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { onPostgres } from '../test/test-database.ts';
import { ReindexStopped, reindexKnowledge } from './reindex-knowledge.ts';

const log = pino({ level: 'silent' });
const CARE = 'Care guide\n\nWash the teapot by hand in warm water. Never put it in the dishwasher.';
const DESCALING = 'Descaling\n\nDescale the kettle every month with white vinegar and rinse it twice.';
const STORAGE = 'Storage\n\nKeep the loose tea in a dark tin away from spices.';

let testApp: TestApp;
let admin: ApiClient;

/** The same model as the app's, counting the texts it embeds, that fails on a text holding `failOn`. */
function countingEmbedder(failOn?: string): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    ...hashedWordsEmbedder,
    texts,
    embed: async (batch) => {
      if (failOn !== undefined && batch.some((text) => text.includes(failOn))) throw new Error('The embeddings server is down.');
      texts.push(...batch);
      return hashedWordsEmbedder.embed(batch);
    },
  };
}

const store = async () =>
  (await sqlRows<{ generation: number; building_generation: number | null; building_rechunk: unknown }>(testApp.db, sql`
    SELECT generation, building_generation, building_rechunk FROM knowledge_store`))[0];
/** Per generation: chunks with windows, and windows (one per chunk for this model: each chunk vectorised once). */
const windowsByGeneration = () =>
  sqlRows<{ generation: number; chunks: number; windows: number }>(testApp.db, sql`
    SELECT generation, count(DISTINCT chunk_id)::int AS chunks, count(*)::int AS windows FROM knowledge_chunk_windows GROUP BY generation ORDER BY generation`);
const chunkIds = async (documentId: number) =>
  (await sqlRows<{ id: number }>(testApp.db, sql`SELECT id::int AS id FROM knowledge_chunks WHERE document_id = ${documentId} ORDER BY id`)).map((row) => row.id);
const chunkCount = async () => (await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM knowledge_chunks`))[0]?.n ?? 0;
const bestText = async (query: string) => (await admin.post('/api/knowledge/search', { query, k: 1 })).body.data?.rows[0]?.text;

describe.skipIf(onPostgres())('npm run reindex rebuilds the vectors as a new generation (pgvector)', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    testApp = await createTestApp({}, { embedder: hashedWordsEmbedder });
    ({ client: admin } = await testApp.signedInClient('admin'));
    for (const [name, bytes] of [['care.txt', CARE], ['descaling.txt', DESCALING], ['storage.txt', STORAGE]] as const) {
      ids.push(await addDocument(admin, { name, bytes, title: name, sourceUrl: `https://shop.example.com/${name}` }));
    }
    await runAllJobs(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers whole while it reads the documents again; a run stopped midway goes on where it stopped, then switches', async () => {
    const [care, descaling, storage] = ids as [number, number, number];
    const total = await chunkCount();
    expect(await windowsByGeneration()).toEqual([{ generation: 1, chunks: total, windows: total }]);
    const oldCare = await chunkIds(care);

    // The embeddings server fails on the second document: the run stops there, having swapped the first one in.
    const failing = countingEmbedder('Descale');
    const stopped = reindexKnowledge(testApp.db, createKnowledgeStore(testApp.db, failing), log, () => undefined);
    await expect(stopped).rejects.toThrow(ReindexStopped);
    await expect(stopped).rejects.toThrow('Run npm run reindex again: it goes on from where it stopped.');
    expect(await store()).toEqual({ generation: 1, building_generation: 2, building_rechunk: { documents: care, items: 0 } });
    // The first document's new passages came in with their vectors of both generations, in one transaction.
    const newCare = await chunkIds(care);
    expect(newCare.some((id) => oldCare.includes(id))).toBe(false);
    const careWindows = await sqlRows<{ generation: number; n: number }>(testApp.db, sql`
      SELECT generation, count(*)::int AS n FROM knowledge_chunk_windows WHERE chunk_id IN (${sql.join(newCare.map((id) => sql`${id}`), sql`, `)}) GROUP BY generation ORDER BY generation`);
    expect(careWindows).toEqual([{ generation: 1, n: newCare.length }, { generation: 2, n: newCare.length }]);
    // The bot answers whole meanwhile: every passage has its vectors of the generation that answers.
    expect((await windowsByGeneration())[0]).toEqual({ generation: 1, chunks: total, windows: total });
    expect(await bestText('dishwasher')).toContain('Never put it in the dishwasher.');
    expect(await bestText('descale kettle vinegar')).toContain('white vinegar');
    // Documents says it is npm run reindex's rebuild, with the passages that have their new vectors.
    expect((await admin.get('/api/knowledge/reindex')).body.data?.rows).toEqual([{ state: 'running', done: newCare.length, total, error: null, rebuild: true }]);
    // A server's worker does not switch while the documents are still being read again (no job is queued yet).
    expect(await sqlRows(testApp.db, sql`SELECT id FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE}`)).toEqual([]);

    // Run again: it goes on from the second document (the first is not read nor embedded again), then the job switches.
    const working = countingEmbedder();
    const lines: string[] = [];
    const report = await reindexKnowledge(testApp.db, createKnowledgeStore(testApp.db, working), log, (line) => lines.push(line));
    expect(report).toEqual({ documents: 2, sitePages: 0, items: 0, chunks: total, failures: [] });
    expect(lines.slice(0, 2)).toEqual([
      'Going on with the rebuild of generation 2, where the last run stopped.',
      'Re-indexing 2 document(s) and 0 Inform-the-Bot item(s) with test-hashed-words into generation 2 (the current vectors answer until it is complete).',
    ]);
    expect(lines.at(-1)).toBe('Generation 2 of test-hashed-words answers now; the previous vectors are deleted.');
    expect(working.texts.some((text) => text.includes('dishwasher'))).toBe(false);
    expect(working.texts).toHaveLength((await chunkIds(descaling)).length + (await chunkIds(storage)).length);
    expect(await store()).toEqual({ generation: 2, building_generation: null, building_rechunk: null });
    expect(await windowsByGeneration()).toEqual([{ generation: 2, chunks: total, windows: total }]);
    expect(await bestText('dishwasher')).toContain('Never put it in the dishwasher.');
    expect(await bestText('dark tin spices')).toContain('dark tin');
  });

  it('refuses while an embedder switch is being built, and changes nothing', async () => {
    await testApp.db.execute(sql`
      UPDATE knowledge_store SET building_generation = generation + 1,
        building_embedder = '{"kind":"api","base_url":"http://127.0.0.1:9/v1","model":"other-model","sealed_key":null}'::jsonb WHERE id = 1`);
    const before = await store();
    const embedder = countingEmbedder();
    const refused = reindexKnowledge(testApp.db, createKnowledgeStore(testApp.db, embedder), log, () => undefined);
    await expect(refused).rejects.toThrow(ReindexStopped);
    await expect(refused).rejects.toThrow(/^An embedder switch to other-model is being built \(0 of \d+ passages\): it re-embeds everything already/);
    expect(await store()).toEqual(before);
    expect(embedder.texts).toEqual([]);
    await testApp.db.execute(sql`UPDATE knowledge_store SET building_generation = NULL, building_embedder = NULL WHERE id = 1`);
  });
});
