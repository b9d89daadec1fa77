import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createUseLiteEmbedder } from '../../ingest/embedders/embedder-use-lite.ts';
import { chunkWindows } from '../../ingest/embedders/embedding-windows.ts';
import { insertDocument } from '../../test/document-upload.ts';
import { onPostgres, openTestDatabase } from '../../test/test-database.ts';
import { prepareChunks, writeChunks } from './knowledge-indexing.ts';
import { searchKnowledge } from './knowledge-search.ts';
import { withAllWindowCandidates } from './knowledge-search.repository.ts';
import { vectorLiteral } from './knowledge-vectors.ts';
import { createKnowledgeStore, type KnowledgeStore } from './knowledge-store.ts';
import { knowledgeWindowsHandler } from './knowledge-windows-job.ts';
import { replaceChunks, WINDOWS_PER_TRANSACTION, writeChunkWindows } from './knowledge.repository.ts';
import type { Db } from '../../db/client.ts';
import { outsideTheQueue } from '../../jobs/job-queue.ts';
import { faqQuestionWindows } from '../../db/migrations/3750-faq-question-windows.ts';

const log = pino({ level: 'silent' });
let database: Database;
let knowledge: KnowledgeStore;
beforeAll(async () => {
  database = await openTestDatabase();
  knowledge = createKnowledgeStore(database.db, createUseLiteEmbedder());
  // Without pgvector (the PostgreSQL test server) this logs that documents are searched by full text only.
  await knowledge.prepare(pino({ level: 'warn' }));
});
afterAll(async () => {
  await knowledge.embedder.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM documents`);
});

const newDocument = (title: string) => insertDocument(database.db, title);

const repeat = (sentences: readonly string[], times: number) => Array.from({ length: times }, () => sentences).flat().join(' ');

/**
 * Four pages of a kettle's manual, each one chunk of 200-300 tokens. Only the care page speaks of the
 * warranty, in its last paragraph, past the first 128 tokens the model reads of a text.
 */
// Each page a section of its own (a Markdown heading), so each is one chunk whatever the pages around it.
const PAGES = [
  '# Care\n\n' +
  repeat(
    ['Rinse the kettle with fresh water after descaling.', 'Wipe the outside with a soft damp cloth.', 'Let the kettle dry with its lid open.', 'Vinegar and citric acid both dissolve limescale.', 'Never immerse the base in water.'],
    4,
  ) + '\n\nWarranty. Your kettle has a two-year warranty. If it stops heating within two years, we repair or replace it free of charge.',
  '# Shipping\n\n' +
  repeat(['Parcels leave our warehouse within two working days.', 'Tracking numbers arrive by email once the parcel ships.', 'Couriers deliver on weekdays only.', 'Large orders may arrive in several boxes.'], 5),
  '# Boiling\n\n' +
  repeat(['Fill the kettle to at least the minimum mark.', 'Press the switch and wait for the click.', 'Pour slowly to avoid splashes.', 'Boiling stops by itself when the water is ready.'], 5),
  '# Returns\n\n' +
  repeat(['Send an unused item back within thirty days.', 'Print the prepaid label from your account.', 'Refunds reach your card within five working days.', 'Keep the receipt until the refund arrives.'], 5),
];
const QUESTION = 'How long is the warranty?';

async function indexManual(): Promise<number> {
  const documentId = await newDocument('Kettle manual');
  const prepared = await prepareChunks(knowledge, PAGES.map((text, index) => ({ page: index + 1, text })), { pageNumbers: true });
  const windows = await database.db.transaction((tx) => writeChunks(tx, { documentId }, prepared));
  await writeChunkWindows(database.db, windows);
  return documentId;
}

/** The text of the chunk the vector side alone ranks first: the one of the nearest window. */
async function nearestChunkText(): Promise<string | undefined> {
  const queryEmbedding = await knowledge.embedQuery(QUESTION, log);
  if (!queryEmbedding) throw new Error('no question vector');
  const asVector = sql.raw(`vector(${queryEmbedding.dimensions})`);
  const [nearest] = await withAllWindowCandidates(database.db, (tx) =>
    sqlRows<{ content: string }>(tx, sql`
      SELECT c.content FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id
      ORDER BY w.embedding::${asVector} <=> ${vectorLiteral(queryEmbedding.vector)}::${asVector} LIMIT 1`),
  );
  return nearest?.content;
}

/** The texts each chunk of one document is embedded as (chunkWindows), in order. */
const windowTexts = async (documentId: number) =>
  (await sqlRows<{ heading: string | null; content: string }>(database.db, sql`
    SELECT heading, content FROM knowledge_chunks WHERE document_id = ${documentId} ORDER BY chunk_index`)).map((row) => chunkWindows({ heading: row.heading, text: row.content }, knowledge.embedder));

/** Each chunk's windows, in chunk order, of one document. */
const windowCounts = async (documentId: number) =>
  (await sqlRows<{ windows: number }>(database.db, sql`
    SELECT count(w.window_index)::int AS windows FROM knowledge_chunks c LEFT JOIN knowledge_chunk_windows w ON w.chunk_id = c.id
    WHERE c.document_id = ${documentId} GROUP BY c.id ORDER BY c.chunk_index`)).map((row) => row.windows);

describe.skipIf(onPostgres())('a chunk\'s vectors, one per window the model reads (pgvector: embedded database)', () => {
  it('finds a chunk by what its end says, which the model\'s first 128 tokens of it do not hold', async () => {
    const documentId = await indexManual();
    const expected = (await windowTexts(documentId)).map((windows) => windows.length);
    expect(expected.every((windows) => windows >= 2)).toBe(true);
    expect(await windowCounts(documentId)).toEqual(expected);
    expect(await nearestChunkText()).toContain('two-year warranty');
    // The whole search too.
    const [best] = await searchKnowledge(database.db, { query: QUESTION, k: 4, queryEmbedding: await knowledge.embedQuery(QUESTION, log) });
    expect(best?.text).toContain('two-year warranty');

    // With only each chunk's first window, as the model read a whole chunk before, the warranty's chunk is not the nearest.
    await database.db.execute(sql`DELETE FROM knowledge_chunk_windows WHERE window_index > 0`);
    expect(await nearestChunkText()).not.toContain('two-year warranty');
  });

  it('gives every chunk of an owner its windows after the upgrade kept only the first (the knowledge-windows job)', async () => {
    const documentId = await indexManual();
    const complete = await windowCounts(documentId);
    const firstWindows = async () =>
      sqlRows(database.db, sql`
        SELECT chunk_id, embedding::text FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id
        WHERE window_index = 0 AND c.document_id = ${documentId} ORDER BY chunk_id`);
    const before = await firstWindows();
    await database.db.execute(sql`DELETE FROM knowledge_chunk_windows WHERE window_index > 0`);
    const other = await indexManual();
    await database.db.execute(sql`DELETE FROM knowledge_chunk_windows w USING knowledge_chunks c WHERE c.id = w.chunk_id AND c.document_id = ${other} AND w.window_index > 0`);
    expect(await nearestChunkText()).not.toContain('two-year warranty');

    await knowledgeWindowsHandler({ db: database.db, log, knowledge })({ documentId }, outsideTheQueue());

    expect(await windowCounts(documentId)).toEqual(complete);
    expect(await firstWindows()).toEqual(before);
    expect(await nearestChunkText()).toContain('two-year warranty');
    // The other document's chunks were not touched.
    expect(await windowCounts(other)).toEqual(PAGES.map(() => 1));
  });

  it('passes over chunks replaced while it embedded them, and an owner without chunks', async () => {
    const documentId = await indexManual();
    await database.db.execute(sql`DELETE FROM knowledge_chunk_windows WHERE window_index > 0`);
    // The chunks go while the job embeds them (a new version of the document indexed meanwhile).
    const racing: KnowledgeStore = {
      ...knowledge,
      vectorsEnabled: true,
      embedChunks: async (texts) => {
        const vectors = await knowledge.embedChunks(texts);
        await database.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${documentId}`);
        return vectors;
      },
    };
    await knowledgeWindowsHandler({ db: database.db, log, knowledge: racing })({ documentId }, outsideTheQueue());
    expect(await sqlRows(database.db, sql`SELECT count(*)::int AS windows FROM knowledge_chunk_windows`)).toEqual([{ windows: 0 }]);
    await expect(knowledgeWindowsHandler({ db: database.db, log, knowledge })({ informTheBotId: 12345 }, outsideTheQueue())).resolves.toBeUndefined();
  });

  it('writes the vectors after the chunks, in transactions of at most WINDOWS_PER_TRANSACTION windows, passing over a chunk deleted meanwhile', async () => {
    const documentId = await newDocument('Counted');
    const unit = (seed: number) => Float32Array.from({ length: 512 }, (_, i) => (i === seed % 512 ? 1 : 0));
    const chunks = Array.from({ length: 40 }, (_, index) => ({ index, page: 1, pageEnd: 1, heading: null, startsSection: true, text: `Chunk ${index}.`, windowEmbeddings: [0, 1, 2].map((w) => unit(index * 3 + w)) }));
    const windows = await database.db.transaction((tx) => replaceChunks(tx, { documentId }, chunks, 1));
    // The chunks are in, their vectors not yet: they answer by full text until writeChunkWindows.
    expect(await windowCounts(documentId)).toEqual(chunks.map(() => 0));

    let transactions = 0;
    const lastChunk = windows.at(-1)?.chunkId;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return async (work: (tx: Db) => Promise<unknown>) => {
          transactions += 1;
          // A new version of the document replaces the last chunk before its turn comes.
          if (transactions === 2) await target.execute(sql`DELETE FROM knowledge_chunks WHERE id = ${lastChunk}`);
          return target.transaction(work);
        };
      },
    });
    expect(await writeChunkWindows(counting, windows)).toBe(39);
    expect(transactions).toBe(Math.ceil((40 * 3) / WINDOWS_PER_TRANSACTION));
    expect(await windowCounts(documentId)).toEqual(chunks.slice(0, 39).map(() => 3));
    // A chunk without vectors is refused before anything is written: it would lose the windows it has.
    await expect(writeChunkWindows(database.db, [{ chunkId: windows[0]?.chunkId ?? 0, generation: 1, vectors: [] }])).rejects.toThrow('has no vectors to write');
    expect((await windowCounts(documentId))[0]).toBe(3);
  });

  it('embeds a FAQ entry\'s question on its own, and gives an older store\'s entries that window (migration 3750 and the knowledge-windows job)', async () => {
    const faq = await newDocument('Kettle FAQ');
    const prepared = await prepareChunks(knowledge, [{ page: 1, text: KETTLE_FAQ }], { pageNumbers: false });
    await writeChunkWindows(database.db, await database.db.transaction((tx) => writeChunks(tx, { documentId: faq }, prepared)));
    const manual = await indexManual();
    const texts = await windowTexts(faq);
    expect(texts.map((windows) => windows.at(-1))).toEqual([
      'Can I set the water to a lower temperature?',
      'Why does my kettle switch off before the water boils?',
      'Does the kettle work in other countries?',
    ]);
    expect(await windowCounts(faq)).toEqual(texts.map((windows) => windows.length));
    const nearest = () => chunkSimilarity(faq, PARAPHRASE);
    const withQuestions = await nearest();

    // As a store indexed before 3750 holds it: the entries' windows without their questions.
    await database.db.execute(sql`DELETE FROM knowledge_chunk_windows w USING knowledge_chunks c WHERE c.id = w.chunk_id AND c.document_id = ${faq} AND w.window_index > 0`);
    const without = await nearest();
    // The visitor's words are nearer the entry's question than its question and answer together.
    expect(withQuestions).toBeGreaterThan(without + 0.05);

    await database.db.execute(sql`DELETE FROM jobs`);
    await database.db.execute(sql.raw(faqQuestionWindows.sql));
    const queued = await sqlRows<{ queue: string; payload: { documentId: number } }>(database.db, sql`SELECT queue, payload FROM jobs`);
    // The manual's chunks sit under headings that ask nothing: only the FAQ is embedded again.
    expect(queued).toEqual([{ queue: 'knowledge-windows', payload: { documentId: faq } }]);
    expect(manual).not.toBe(faq);
    await knowledgeWindowsHandler({ db: database.db, log, knowledge })(queued[0]?.payload ?? {}, outsideTheQueue());
    expect(await windowCounts(faq)).toEqual(texts.map((windows) => windows.length));
    expect(await nearest()).toBeCloseTo(withQuestions, 5);
  });
});

const KETTLE_FAQ = `Kettle FAQ
==========

Q: Can I set the water to a lower temperature?
A: Yes. Hold the Warm button for two seconds and turn the dial to 70, 80 or 90 degrees; the light shows the setting.

Q: Why does my kettle switch off before the water boils?
A: Limescale on the element makes it overheat. Descale it with citric acid, then rinse it twice.

Q: Does the kettle work in other countries?
A: It runs on 220 to 240 volts. In North America, use a step-up transformer rated for 3000 watts.
`;
const PARAPHRASE = 'Is it possible to make the water less hot?';

/** The similarity of a question to the nearest window of a document's first chunk. */
async function chunkSimilarity(documentId: number, question: string): Promise<number> {
  const queryEmbedding = await knowledge.embedQuery(question, log);
  if (!queryEmbedding) throw new Error('no question vector');
  const asVector = sql.raw(`vector(${queryEmbedding.dimensions})`);
  const [row] = await sqlRows<{ similarity: number }>(database.db, sql`
    SELECT 1 - min(w.embedding::${asVector} <=> ${vectorLiteral(queryEmbedding.vector)}::${asVector}) AS similarity
    FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id WHERE c.document_id = ${documentId} AND c.chunk_index = 0`);
  return Number(row?.similarity);
}

