import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertDocument } from '../../test/document-upload.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { knowledgeTermsRecount } from '../../db/migrations/3200-knowledge-terms-recount.ts';
import { deleteChunks, replaceChunks } from './knowledge.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newDocument = (title: string) => insertDocument(database.db, title);

/** Chunks of one document, without vectors: the full-text side alone. */
const putChunks = (documentId: number, texts: readonly string[], heading: string | null = null) =>
  database.db.transaction((tx) => replaceChunks(tx, { documentId }, texts.map((text, index) => ({ index, page: null, pageEnd: null, heading, text, startsSection: true })), undefined));

const totals = async () => (await sqlRows<{ chunks: number | string; lexemes: number | string }>(database.db, sql`SELECT chunks, lexemes FROM knowledge_totals WHERE id = 1`)).map((row) => ({ chunks: Number(row.chunks), lexemes: Number(row.lexemes) }))[0];

const termCounts = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await sqlRows<{ term: string; chunks: number }>(database.db, sql`SELECT term, chunks FROM knowledge_terms ORDER BY term`)).map((row) => [row.term, row.chunks]),
  );

beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM documents`);
});

describe('knowledge_terms: how many chunks hold each word', () => {
  it('follows chunks as they are added, replaced and deleted, and forgets a word no chunk holds', async () => {
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.', 'The teapot lid is dishwasher safe.']);
    expect(await termCounts()).toEqual({ dishwash: 1, first: 1, lid: 1, safe: 1, teapot: 2, warm: 1 });

    const kettle = await newDocument('Kettle');
    await putChunks(kettle, ['Descale the kettle with citric acid.']);
    expect(await termCounts()).toMatchObject({ teapot: 2, kettl: 1, descal: 1 });

    await putChunks(teapot, ['Warm the teapot.']);
    expect(await termCounts()).toEqual({ acid: 1, citric: 1, descal: 1, kettl: 1, teapot: 1, warm: 1 });

    await deleteChunks(database.db, { documentId: kettle });
    expect(await termCounts()).toEqual({ teapot: 1, warm: 1 });
  });

  it('keeps a word other chunks still hold when a document holding most of its chunks goes', async () => {
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.', 'Rinse the teapot.', 'The teapot lid is safe.']);
    const kettle = await newDocument('Kettle');
    await putChunks(kettle, ['A kettle is no teapot.']);
    expect(await termCounts()).toMatchObject({ teapot: 4, kettl: 1 });
    // Three of the four chunks holding "teapot" at once, and then a re-index that keeps fewer of them.
    await putChunks(teapot, ['Warm the teapot.']);
    expect(await termCounts()).toEqual({ kettl: 1, teapot: 2, warm: 1 });
    await database.db.execute(sql`DELETE FROM documents WHERE id = ${teapot}`);
    expect(await termCounts()).toEqual({ kettl: 1, teapot: 1 });
  });

  it('follows a deleted document (its chunks go by cascade) and an edited chunk text', async () => {
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.']);
    await database.db.execute(sql`UPDATE knowledge_chunks SET content = 'Rinse the teapot.' WHERE document_id = ${teapot}`);
    expect(await termCounts()).toEqual({ rins: 1, teapot: 1 });
    await database.db.execute(sql`DELETE FROM documents WHERE id = ${teapot}`);
    expect(await termCounts()).toEqual({});
  });

  it('is recounted from the chunks by migration 3200, which mends the counts the old removal got wrong', async () => {
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.', 'Rinse the teapot.']);
    await database.db.execute(sql`DELETE FROM knowledge_terms WHERE term = 'teapot'`);
    await database.db.execute(sql`UPDATE knowledge_terms SET chunks = 7 WHERE term = 'warm'`);
    await database.db.execute(sql`UPDATE knowledge_totals SET chunks = 9, lexemes = 1 WHERE id = 1`);
    await database.execScript(knowledgeTermsRecount.sql);
    expect(await termCounts()).toEqual({ first: 1, rins: 1, teapot: 2, warm: 1 });
    expect(await totals()).toEqual({ chunks: 2, lexemes: 5 });
  });

  it('is emptied with the chunks when they are truncated', async () => {
    await putChunks(await newDocument('Teapot'), ['Warm the teapot first.']);
    // Their windows reference them: a truncate takes them along.
    await database.db.execute(sql`TRUNCATE knowledge_chunks CASCADE`);
    expect(await termCounts()).toEqual({});
  });
});

describe('steward_any_lexeme', () => {
  it('takes each term literally, quotes and backslashes included', async () => {
    const [row] = await sqlRows<{ matches: boolean; misses: boolean; none: string | null }>(database.db, sql`
      SELECT array_to_tsvector(ARRAY['it''s', 'a\\b']) @@ steward_any_lexeme(ARRAY['a\\b', 'zz']) AS matches,
             array_to_tsvector(ARRAY['it''s', 'a\\b']) @@ steward_any_lexeme(ARRAY['it', 's', 'ab']) AS misses,
             steward_any_lexeme(ARRAY[]::text[])::text AS none`);
    expect(row).toEqual({ matches: true, misses: false, none: null });
  });
});

describe('knowledge_totals: BM25\'s number of chunks and their lexemes', () => {
  it('follows chunks as they are added, replaced, edited, deleted and truncated, a heading\'s words counted', async () => {
    expect(await totals()).toEqual({ chunks: 0, lexemes: 0 });
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.', 'The teapot lid is dishwasher safe.'], 'Care of your teapot');
    // "warm teapot first" 3, "teapot lid dishwash safe" 4, each with the heading's "care": 4 + 5.
    expect(await totals()).toEqual({ chunks: 2, lexemes: 9 });
    await putChunks(teapot, ['Warm the teapot.']);
    expect(await totals()).toEqual({ chunks: 1, lexemes: 2 });
    await database.db.execute(sql`UPDATE knowledge_chunks SET content = 'Rinse and warm the teapot.' WHERE document_id = ${teapot}`);
    expect(await totals()).toEqual({ chunks: 1, lexemes: 3 });
    await database.db.execute(sql`DELETE FROM documents WHERE id = ${teapot}`);
    expect(await totals()).toEqual({ chunks: 0, lexemes: 0 });
    await putChunks(await newDocument('Kettle'), ['Descale the kettle.']);
    await database.db.execute(sql`TRUNCATE knowledge_chunks CASCADE`);
    expect(await totals()).toEqual({ chunks: 0, lexemes: 0 });
  });

  it('counts a heading\'s words in knowledge_terms too', async () => {
    await putChunks(await newDocument('Teapot'), ['Warm it first.'], 'Teapot care');
    expect(await termCounts()).toEqual({ care: 1, first: 1, teapot: 1, warm: 1 });
  });
});
