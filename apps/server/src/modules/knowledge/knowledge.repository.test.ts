import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertDocument } from '../../test/document-upload.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { deleteChunks, RANKED_MATCHES, replaceChunks, searchKnowledge } from './knowledge.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newDocument = (title: string) => insertDocument(database.db, title);

/** Chunks of one document, without vectors: the full-text side alone. */
const putChunks = (documentId: number, texts: readonly string[]) =>
  database.db.transaction((tx) => replaceChunks(tx, { documentId }, texts.map((text, index) => ({ index, page: null, text })), false));

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

  it('follows a deleted document (its chunks go by cascade) and an edited chunk text', async () => {
    const teapot = await newDocument('Teapot');
    await putChunks(teapot, ['Warm the teapot first.']);
    await database.db.execute(sql`UPDATE knowledge_chunks SET content = 'Rinse the teapot.' WHERE document_id = ${teapot}`);
    expect(await termCounts()).toEqual({ rins: 1, teapot: 1 });
    await database.db.execute(sql`DELETE FROM documents WHERE id = ${teapot}`);
    expect(await termCounts()).toEqual({});
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

describe('searchKnowledge: the full-text side starts from the rarest words', () => {
  it('finds the one passage holding a rare word of the question among more chunks of its common word than it ranks', async () => {
    const manual = await newDocument('Kettle manual');
    const filler = Array.from({ length: RANKED_MATCHES + 100 }, (_, i) => `Page ${i} of the kettle manual: the kettle is blue.`);
    await putChunks(manual, [...filler, 'Descale the kettle with citric acid once a month.']);
    const [best] = await searchKnowledge(database.db, { query: 'How do I descale my kettle?', k: 3 });
    expect(best?.text).toBe('Descale the kettle with citric acid once a month.');
  });

  it('takes the chunks holding both of the two rarest words when even the rarest is common', async () => {
    const manual = await newDocument('Manuals');
    const common = RANKED_MATCHES + 50;
    await putChunks(manual, [
      ...Array.from({ length: common }, (_, i) => `Kettle page ${i}: the kettle is blue.`),
      ...Array.from({ length: common }, (_, i) => `Descaling page ${i}: descale with vinegar.`),
      'Descale the kettle with citric acid.',
    ]);
    const [best] = await searchKnowledge(database.db, { query: 'descale kettle', k: 1 });
    expect(best?.text).toBe('Descale the kettle with citric acid.');
  });

  it('finds nothing when no chunk holds any word of the question', async () => {
    await putChunks(await newDocument('Teapot'), ['Warm the teapot first.']);
    expect(await searchKnowledge(database.db, { query: 'zeppelin mooring', k: 3 })).toEqual([]);
  });
});
