import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { runNextJob } from '../../jobs/job-queue.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { addDocument, insertDocument } from '../../test/document-upload.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../test/fake-llm-server.ts';
import { hashedWordsEmbedder } from '../../test/hashed-words-embedder.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { KNOWLEDGE_REINDEX_QUEUE } from './knowledge-reindex.actions.ts';
import { replaceChunks, writeChunkWindows } from './knowledge.repository.ts';
import { hasVectorColumn } from './knowledge-vectors.ts';

const CARE = 'Care guide\n\nWash the teapot by hand in warm water. Never put it in the dishwasher.';
const FILLERS = 70;

let embeddings: FakeLlmServer;
let database: Database;
/** Two instances of Steward on one database, each with its own knowledge store (its 2 s cache), worker and name. */
let first: TestApp;
let second: TestApp;
let firstAdmin: ApiClient;
let secondAdmin: ApiClient;

const embeddingRequests = () => embeddings.received.filter((request) => request.url === '/v1/embeddings').map((request) => (request.body as { input: string[] }).input);
const search = async (admin: ApiClient, query: string) => (await admin.post('/api/knowledge/search', { query, k: 1 })).body.data?.rows[0]?.text;

/** Runs the instance's jobs until none is ready for it, as its worker does, under its own name. */
async function drain(app: TestApp, owner: string): Promise<number> {
  let ran = 0;
  while (await runNextJob(app.db, app.context.jobHandlers, app.context.log, { owner })) ran += 1;
  return ran;
}

beforeAll(async () => {
  embeddings = await startFakeLlmServer();
  database = await openTestDatabase();
  first = await createTestApp({}, { embedder: hashedWordsEmbedder, database });
  // The second instance shares the database; the first one closes it.
  second = await createTestApp({}, { embedder: hashedWordsEmbedder, database: { ...database, close: async () => undefined } });
  ({ client: firstAdmin } = await first.signedInClient('admin'));
  ({ client: secondAdmin } = await second.signedInClient('admin'));
  await addDocument(firstAdmin, { name: 'care.txt', bytes: CARE, title: 'Care guide', sourceUrl: 'https://shop.example.com/care' });
  await runAllJobs(first);
});
afterAll(async () => {
  await second.close();
  await first.close();
  await embeddings.close();
});

describe('the embedder switch with two instances on one database', () => {
  it('is built by one instance at a time, each passage embedded once, and both answer from the new generation after the switch', async (context) => {
    if (!(await hasVectorColumn(first.db))) {
      // PGlite cannot be shared between processes; the PostgreSQL test server here has no pgvector.
      console.warn('skipped: this database has no pgvector, so there are no generations of vectors to build');
      context.skip();
    }
    // Enough passages for several batches of the build.
    const documentId = await insertDocument(first.db, 'Fillers');
    const fillers = Array.from({ length: FILLERS }, (_, index) => ({ index, page: null, pageEnd: null, heading: null, startsSection: true, text: `Filler passage number ${index} about teacups.` }));
    const vectors = await hashedWordsEmbedder.embed(fillers.map((filler) => filler.text));
    await writeChunkWindows(first.db, await first.db.transaction((tx) => replaceChunks(tx, { documentId }, fillers.map((filler, index) => ({ ...filler, windowEmbeddings: [vectors[index] ?? []] })), 1)));
    const texts = (await sqlRows<{ heading: string | null; content: string }>(first.db, sql`SELECT heading, content FROM knowledge_chunks`)).length;

    // Both answer from generation 1 (the second one's store has read it: its cache holds it now).
    expect(await search(firstAdmin, 'dishwasher')).toContain('Never put it in the dishwasher.');
    expect(await search(secondAdmin, 'dishwasher')).toContain('Never put it in the dishwasher.');
    expect(embeddingRequests()).toEqual([]);

    const saved = await firstAdmin.post('/api/answer-models', {
      writer: { kind: 'quotes' },
      embedder: { kind: 'api', server: { base_url: embeddings.baseUrl, model: 'test-embed-model', key: { change: 'replace', value: 'sk-embeddings' } } },
    });
    expect(saved.status).toBe(200);

    // Both workers run at once: the job's lease lets one build, the other finds nothing to take.
    const [byFirst, bySecond] = await Promise.all([drain(first, 'instance-1'), drain(second, 'instance-2')]);
    expect(byFirst + bySecond).toBe(1);
    expect(await sqlRows(first.db, sql`SELECT status, attempts FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE}`)).toEqual([{ status: 'done', attempts: 1 }]);
    const embedded = embeddingRequests().flat();
    expect(embedded).toHaveLength(texts);
    expect(new Set(embedded).size).toBe(texts);
    expect(await sqlRows(first.db, sql`SELECT generation, count(*)::int AS windows FROM knowledge_chunk_windows GROUP BY generation`)).toEqual([{ generation: 2, windows: texts }]);

    // After the switch both instances embed questions with the new embedder: the one that did not switch within
    // its cache's 2 s (waited for, not timed).
    for (const [name, admin, app] of [['first', firstAdmin, first], ['second', secondAdmin, second]] as const) {
      await vi.waitFor(
        async () => {
          const before = embeddingRequests().length;
          expect(await search(admin, 'dishwasher')).toContain('Never put it in the dishwasher.');
          expect(embeddingRequests().slice(before)).toEqual([['dishwasher']]);
        },
        { timeout: 30_000, interval: 200 },
      );
      expect([name, app.context.knowledge.queryEmbedder.model]).toEqual([name, 'test-embed-model']);
    }
  });
});
