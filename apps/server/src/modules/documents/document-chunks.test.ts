import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_MESSAGES, CHUNK_PAGE_SIZE } from '@steward/contract/document-chunks';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { addDocument, insertDocument } from '../../test/document-upload.ts';
import { hashedWordsEmbedder } from '../../test/hashed-words-embedder.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { onPostgres } from '../../test/test-database.ts';
import { replaceChunks } from '../knowledge/knowledge.repository.ts';
import { textCandidateRows, vectorSideRows } from '../knowledge/knowledge-search.repository.ts';
import { questionTerms } from '../knowledge/question-terms.ts';

/** The chunk viewer's calls (issue 55) through the HTTP stack: list, search, page, scoped search, exclude and include. */

const MANUAL = [
  'Kettle manual',
  '=============',
  '',
  'Descaling',
  '---------',
  '',
  'Descale the kettle with citric acid once a month.',
  '',
  'Warranty',
  '--------',
  '',
  'The kettle has a two-year warranty from the day of purchase.',
  '',
  'Cookies',
  '-------',
  '',
  'This site uses cookies to remember your basket.',
].join('\n');

let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
let adminName: string;
beforeAll(async () => {
  // Words hashed into vectors: on PGlite the vector side runs too (PostgreSQL here has no pgvector: full text alone).
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN }, { embedder: hashedWordsEmbedder });
  const signedIn = await testApp.signedInClient('admin', { name: 'Ada Admin' });
  admin = signedIn.client;
  adminName = signedIn.user.name;
  ({ client: viewer } = await testApp.signedInClient('viewer'));
});
afterAll(() => testApp.close());

interface ChunkRow {
  id: number;
  chunk_index: number;
  text: string;
  heading: string | null;
  excluded: boolean;
  excluded_by: string | null;
  excluded_at: string | null;
  total_count: number;
}

const chunkPage = async (client: ApiClient, documentId: number, pageIndex = 0, search = '') => {
  const answer = await client.get<{ data?: { rows: ChunkRow[] } }>(`/api/documents/${documentId}/chunks/${pageIndex}${search ? `?search=${encodeURIComponent(search)}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.data?.rows ?? [];
};
const warrantyChunk = async (documentId: number): Promise<ChunkRow> => {
  const [row] = await chunkPage(admin, documentId, 0, 'warranty');
  if (!row) throw new Error('No warranty passage.');
  return row;
};
const tryQuestion = async (query: string, documentId?: number) =>
  (await admin.post<{ data?: { rows: { text: string; document_id: number | null }[] } }>('/api/knowledge/search', { query, k: 10, ...(documentId ? { document_id: documentId } : {}) })).body.data?.rows ?? [];
const citedExcerpts = async (historyId: unknown) =>
  (await sqlRows<{ excerpt: string }>(testApp.db, sql`SELECT excerpt FROM answer_sources WHERE history_id = ${Number(historyId)} ORDER BY position`)).map((row) => row.excerpt);
const ask = async (message: string) => firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message } }));

async function addManual(title: string, text = MANUAL): Promise<number> {
  const id = await addDocument(admin, { name: `${title}.txt`, bytes: text, title, sourceUrl: 'https://shop.example.com/kettle' });
  await runAllJobs(testApp);
  return id;
}

describe('a document’s passages as the bot reads them', () => {
  it('lists them in the document’s order with their headings, and a summary with the counts', async () => {
    const id = await addManual('Kettle');
    const summary = await admin.get(`/api/documents/${id}/chunks`);
    expect(summary.body.data?.rows).toEqual([
      { id, title: 'Kettle', filename: 'Kettle.txt', source_url: 'https://shop.example.com/kettle', status: 'completed', site_id: null, chunks: 3, excluded_chunks: 0 },
    ]);
    const rows = await chunkPage(viewer, id);
    expect(rows.map((row) => [row.chunk_index, row.heading, row.text, row.excluded, row.total_count])).toEqual([
      [0, 'Kettle manual › Descaling', 'Descale the kettle with citric acid once a month.', false, 3],
      [1, 'Kettle manual › Warranty', 'The kettle has a two-year warranty from the day of purchase.', false, 3],
      [2, 'Kettle manual › Cookies', 'This site uses cookies to remember your basket.', false, 3],
    ]);
  });

  it('filters by every word of the search in the text or the heading, case and order aside', async () => {
    const id = await addManual('Kettle filter');
    expect((await chunkPage(admin, id, 0, 'PURCHASE two-year')).map((row) => row.chunk_index)).toEqual([1]);
    expect((await chunkPage(admin, id, 0, 'cookies'))[0]).toMatchObject({ chunk_index: 2, total_count: 1 });
    // In the heading only.
    expect((await chunkPage(admin, id, 0, 'descaling')).map((row) => row.chunk_index)).toEqual([0]);
    expect(await chunkPage(admin, id, 0, 'kettle zeppelin')).toEqual([]);
    // Nothing in a search acts as a pattern.
    expect(await chunkPage(admin, id, 0, '%')).toEqual([]);
    const tooLong = await admin.get(`/api/documents/${id}/chunks/0?search=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toBe(CHUNK_MESSAGES.searchTooLong);
  });

  it('pages a long document by CHUNK_PAGE_SIZE, the count of the whole beside each page', async () => {
    const id = await insertDocument(testApp.db, 'Long');
    const count = 2 * CHUNK_PAGE_SIZE + 5;
    await testApp.db.transaction((tx) =>
      replaceChunks(tx, { documentId: id }, Array.from({ length: count }, (_, index) => ({ index, page: index + 1, pageEnd: index + 1, heading: null, startsSection: true, text: `Passage number ${index} of the long one${index % 2 ? ' odd' : ''}.` })), undefined),
    );
    const first = await chunkPage(admin, id, 0);
    expect(first).toHaveLength(CHUNK_PAGE_SIZE);
    expect(first[0]).toMatchObject({ chunk_index: 0, total_count: count });
    const last = await chunkPage(admin, id, 2);
    expect(last.map((row) => row.chunk_index)).toEqual([40, 41, 42, 43, 44]);
    expect(await chunkPage(admin, id, 3)).toEqual([]);
    const odd = await chunkPage(admin, id, 1, 'odd');
    expect(odd.map((row) => row.chunk_index)).toEqual([41, 43]);
    expect(odd[0]?.total_count).toBe(Math.floor(count / 2));
  });

  it('answers 404 for a document that does not exist, and 400 for an id that is not one', async () => {
    for (const path of ['/api/documents/999999/chunks', '/api/documents/999999/chunks/0']) {
      const answer = await admin.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error?.message).toBe(CHUNK_MESSAGES.documentNotFound);
    }
    expect((await admin.get('/api/documents/abc/chunks/0')).status).toBe(400);
    expect((await admin.get('/api/documents/0/chunks')).status).toBe(400);
    expect((await admin.post('/api/documents/999999/chunks/1/exclude')).status).toBe(404);
  });
});

describe('Try a question on one document', () => {
  it('searches that document’s passages only, the same search as the bot’s', async () => {
    const kettle = await addManual('Kettle scoped');
    const toaster = await addManual('Toaster', 'Toaster\n=======\n\nWarranty\n--------\n\nThe toaster has a warranty of one year.');
    await testApp.db.execute(sql`DELETE FROM documents WHERE id NOT IN (${kettle}, ${toaster})`);
    const everywhere = await tryQuestion('warranty');
    expect(everywhere.map((row) => row.document_id)).toEqual(expect.arrayContaining([kettle, toaster]));
    const scoped = await tryQuestion('warranty', toaster);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((row) => row.document_id === toaster)).toBe(true);
    expect(scoped[0]?.text).toBe('The toaster has a warranty of one year.');
  });

  it('refuses a document that does not exist (404) and an id that is not one (400)', async () => {
    const missing = await admin.post('/api/knowledge/search', { query: 'warranty', document_id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(CHUNK_MESSAGES.documentNotFound);
    for (const bad of [0, -3, 1.5, 'abc']) expect((await admin.post('/api/knowledge/search', { query: 'warranty', document_id: bad })).status).toBe(400);
  });
});

describe('excluding a passage from answers', () => {
  it('takes it out of every answer path until it is included again, and records both in the audit log', async () => {
    const id = await addManual('Kettle excluded');
    // The same passage in another document would still answer: an exclusion is the document's.
    await testApp.db.execute(sql`DELETE FROM documents WHERE id <> ${id}`);
    const question = 'How long is the two-year warranty from the day of purchase?';
    const passage = 'The kettle has a two-year warranty from the day of purchase.';
    const before = await ask(question);
    expect(await citedExcerpts(before.history_id)).toEqual(expect.arrayContaining([expect.stringContaining('two-year warranty')]));

    const warranty = await warrantyChunk(id);
    const excluded = await admin.post<{ data?: { rows: ChunkRow[] } }>(`/api/documents/${id}/chunks/${warranty.id}/exclude`);
    expect(excluded.status).toBe(200);
    expect(excluded.body.data?.rows[0]).toMatchObject({ id: warranty.id, excluded: true, excluded_by: adminName, excluded_at: expect.any(String) });
    expect(await warrantyChunk(id)).toMatchObject({ excluded: true, excluded_by: adminName });
    expect((await admin.get(`/api/documents/${id}/chunks`)).body.data?.rows[0]).toMatchObject({ chunks: 3, excluded_chunks: 1 });

    const after = await ask(question);
    expect(await citedExcerpts(after.history_id)).not.toEqual(expect.arrayContaining([expect.stringContaining('two-year warranty')]));
    expect(String(after.api_response ?? '')).not.toContain('two-year warranty');
    expect((await tryQuestion(question)).map((row) => row.text)).not.toContain(passage);
    expect((await tryQuestion(question, id)).map((row) => row.text)).not.toContain(passage);
    const bot = await botPost(testApp, '/api/bot/knowledge/search', { query: question, k: 10 });
    expect((bot.body.data?.rows ?? []).map((row) => row.text)).not.toContain(passage);

    // Excluding again changes nothing and records nothing.
    expect((await admin.post(`/api/documents/${id}/chunks/${warranty.id}/exclude`)).status).toBe(200);
    const included = await admin.post<{ data?: { rows: ChunkRow[] } }>(`/api/documents/${id}/chunks/${warranty.id}/include`);
    expect(included.body.data?.rows[0]).toMatchObject({ excluded: false, excluded_by: null, excluded_at: null });
    const again = await ask(question);
    expect(await citedExcerpts(again.history_id)).toEqual(expect.arrayContaining([expect.stringContaining('two-year warranty')]));
    expect((await tryQuestion(question, id)).map((row) => row.text)).toContain(passage);

    const audit = await admin.post<{ data?: { rows: { action: string; object_type: string; object_id: number; object_label: string; details: Record<string, unknown> }[] } }>('/api/audit-log/0', {});
    const entries = (audit.body.data?.rows ?? []).filter((row) => row.object_id === id && row.action.startsWith('chunk_'));
    expect(entries.map((row) => [row.action, row.object_type, row.object_label, row.details.chunk_index])).toEqual([
      ['chunk_included', 'document', 'Kettle excluded', 1],
      ['chunk_excluded', 'document', 'Kettle excluded', 1],
    ]);
    expect(entries[1]?.details.text).toBe(passage);
  });

  it('lets a viewer see the passages but not exclude or include one (403), and changes nothing then', async () => {
    const id = await addManual('Kettle viewer');
    const warranty = await warrantyChunk(id);
    for (const action of ['exclude', 'include']) {
      expect((await viewer.post(`/api/documents/${id}/chunks/${warranty.id}/${action}`)).status).toBe(403);
    }
    expect(await warrantyChunk(id)).toMatchObject({ excluded: false });
    expect(await chunkPage(viewer, id)).toHaveLength(3);
  });

  it('refuses a passage of another document (404)', async () => {
    const one = await addManual('Kettle one');
    const other = await addManual('Kettle other');
    const warranty = await warrantyChunk(other);
    const answer = await admin.post(`/api/documents/${one}/chunks/${warranty.id}/exclude`);
    expect(answer.status).toBe(404);
    expect(answer.body.error?.message).toBe(CHUNK_MESSAGES.chunkNotFound);
    expect(await warrantyChunk(other)).toMatchObject({ excluded: false });
  });

  it('outlives a re-index that writes new chunks while the text is unchanged, and lets a changed text answer', async () => {
    const id = await addManual('Kettle replaced');
    const warranty = await warrantyChunk(id);
    await admin.post(`/api/documents/${id}/chunks/${warranty.id}/exclude`);

    const replace = async (text: string) => {
      const form = new FormData();
      form.append('file', new Blob([text]), 'kettle-v2.txt');
      expect((await admin.postForm(`/api/documents/${id}/replace`, form)).status).toBe(200);
      await runAllJobs(testApp);
    };
    // The same text, spaced and cased otherwise: new chunks, the exclusion kept.
    await replace(MANUAL.replace('The kettle has a two-year warranty', 'THE  kettle has a   two-year warranty'));
    const reindexed = await warrantyChunk(id);
    expect(reindexed.id).not.toBe(warranty.id);
    expect(reindexed).toMatchObject({ excluded: true, excluded_by: adminName });
    expect((await tryQuestion('two-year warranty', id)).map((row) => row.text)).not.toContain(reindexed.text);

    // A changed text is a new passage: it answers.
    await replace(MANUAL.replace('two-year warranty', 'three-year warranty'));
    const changed = await warrantyChunk(id);
    expect(changed).toMatchObject({ excluded: false, text: 'The kettle has a three-year warranty from the day of purchase.' });
    expect((await tryQuestion('three-year warranty', id)).map((row) => row.text)).toContain(changed.text);
  });

  it('is left out by each side of the search itself, full text and vectors, not only by the last gate', async () => {
    const id = await addManual('Kettle sides');
    const warranty = await warrantyChunk(id);
    await admin.post(`/api/documents/${id}/chunks/${warranty.id}/exclude`);
    const question = 'two-year warranty purchase';
    const known = (await questionTerms(testApp.db, question)).filter((term) => !term.unknown);
    const textIds = async (documentId?: number) => (await textCandidateRows(testApp.db, known, documentId)).map((row) => Number(row.id));
    expect(await textIds()).not.toContain(warranty.id);
    expect(await textIds(id)).not.toContain(warranty.id);
    if (onPostgres()) return; // no pgvector on the test server: no vector side
    const [windows] = await sqlRows<{ count: number | string }>(testApp.db, sql`SELECT count(*) AS count FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id WHERE c.document_id = ${id}`);
    expect(Number(windows?.count)).toBeGreaterThan(0);
    const [vector] = await hashedWordsEmbedder.embed([question]);
    if (!vector) throw new Error('No vector.');
    for (const scope of [undefined, id]) {
      const rows = await vectorSideRows(testApp.db, known, { vector, dimensions: 16, generation: 1 }, [], scope);
      const nearest = rows.filter((row) => row.distance !== null).map((row) => Number(row.id));
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest).not.toContain(warranty.id);
    }
    await admin.post(`/api/documents/${id}/chunks/${warranty.id}/include`);
    expect(await textIds(id)).toContain(warranty.id);
    const [included] = await vectorSideRows(testApp.db, known, { vector, dimensions: 16, generation: 1 }, [], id).then((rows) => rows.filter((row) => Number(row.id) === warranty.id));
    expect(included?.distance).not.toBeNull();
  });
});
