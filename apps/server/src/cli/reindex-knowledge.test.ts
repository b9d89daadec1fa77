import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows.ts';
import { createKnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import { searchKnowledge } from '../modules/knowledge/knowledge-search.ts';
import { StartUpError } from '../start-up-error.ts';
import { onPostgres } from '../test/test-database.ts';
import { testAppWithAdmin } from '../test/admin-test-app.ts';
import { reindexKnowledge } from './reindex-knowledge.ts';
import { runAllJobs } from '../test/run-jobs.ts';
import { hashedWordsEmbedder } from '../test/hashed-words-embedder.ts';

const log = pino({ level: 'silent' });
const suite = testAppWithAdmin();


const chunkShape = () =>
  sqlRows<{ document_id: number | null; inform_the_bot_id: number | null; chunk_index: number; content: string }>(suite.app.db, sql`
    SELECT document_id, inform_the_bot_id, chunk_index, content FROM knowledge_chunks ORDER BY id`);

describe('reindexKnowledge (npm run reindex)', () => {
  it('re-embeds every document and approved item with the new model, which start-up then accepts', async () => {
    const form = new FormData();
    form.append('filesData', JSON.stringify([{ title: 'Care guide', source_url: 'https://shop.example.com/care' }]));
    form.append('files', new Blob(['Care guide\n\nWash the teapot by hand in warm water. Never put it in the dishwasher.']), 'care.txt');
    const uploaded = await suite.admin.postForm('/api/upload-files', form);
    expect((await suite.admin.post('/api/register-files', { filesData: uploaded.body.data?.rows })).status).toBe(200);
    const item = await suite.admin.post('/api/inform-the-bot', { content: 'The teapot comes with a two-year warranty.' });
    const { client: reviewer } = await suite.app.signedInClient('admin');
    expect((await reviewer.post(`/api/inform-the-bot/approve/${Number(item.body.data?.rows[0]?.id)}`, {})).status).toBe(200);
    await runAllJobs(suite.app);
    const before = await chunkShape();
    expect(before.length).toBeGreaterThanOrEqual(2);

    const knowledge = createKnowledgeStore(suite.app.db, hashedWordsEmbedder);
    if (!onPostgres()) await expect(knowledge.prepare(log)).rejects.toThrow(StartUpError);

    const lines: string[] = [];
    const report = await reindexKnowledge(suite.app.db, knowledge, log, (line) => lines.push(line));
    expect(report).toEqual({ documents: 1, sitePages: 0, items: 1, chunks: before.length, failures: [] });
    // Without pgvector (the PostgreSQL test server) there is no generation to build: the passages are read again alone.
    const into = onPostgres() ? '' : ' into generation 2 (the current vectors answer until it is complete)';
    expect(lines[0]).toBe(`Re-indexing 1 document(s) and 1 Inform-the-Bot item(s) with test-hashed-words${into}.`);
    expect(await chunkShape()).toEqual(before);

    if (onPostgres()) return; // no pgvector on the test server: the chunks were rebuilt, there are no vectors
    const stored = await sqlRows<{ embedding_model: string; embedding_dimensions: number }>(suite.app.db, sql`
      SELECT embedding_model, embedding_dimensions FROM knowledge_store`);
    expect(stored).toEqual([{ embedding_model: 'test-hashed-words', embedding_dimensions: 16 }]);
    // A model that reads whole chunks: one window each, every one re-embedded.
    const windows = await sqlRows<{ dims: number; windows: number }>(suite.app.db, sql`
      SELECT DISTINCT vector_dims(embedding) AS dims, count(*) OVER ()::int AS windows FROM knowledge_chunk_windows`);
    expect(windows).toEqual([{ dims: 16, windows: before.length }]);
    const indexes = await sqlRows<{ indexname: string }>(suite.app.db, sql`
      SELECT indexname FROM pg_indexes WHERE indexname LIKE '%embedding%'`);
    expect(indexes).toEqual([{ indexname: 'knowledge_chunk_windows_embedding_g2_d16_idx' }]);
    expect(lines.at(-1)).toBe('Generation 2 of test-hashed-words answers now; the previous vectors are deleted.');

    const restarted = createKnowledgeStore(suite.app.db, hashedWordsEmbedder);
    await restarted.prepare(log);
    const [best] = await searchKnowledge(suite.app.db, { query: 'dishwasher', k: 1, queryEmbedding: await restarted.embedQuery('dishwasher', log) });
    expect(best?.text).toContain('Never put it in the dishwasher.');
  });
});
