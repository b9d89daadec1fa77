import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchResults, TOP_BAR_COUNT_CAP } from '@steward/contract/search';
import { helpRequests } from '../../db/schema.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { insertFeedback, insertHistory, insertManyHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Zoë Search-Admin', email: 'zoe.admin@steward.example' }));
  ({ client: viewer } = await testApp.signedInClient('viewer', { name: 'Victor Viewer', email: 'victor@steward.example' }));
  const minute = (n: number) => new Date(Date.UTC(2026, 5, 1, 12, n));
  await insertHistory(testApp.db, { sessionId: 'search-refund-1', userMessage: 'How do I get a refund for my parcel?', apiResponse: '<p>Refunds take <b>five days</b>.</p>', time: minute(1) });
  await insertHistory(testApp.db, { sessionId: 'search-refund-2', userMessage: 'Parcel lost, refund please', apiResponse: 'We sent a new parcel.', time: minute(2) });
  await insertHistory(testApp.db, { sessionId: 'search-cafe', userMessage: 'Is there a café in the Zürich store?', apiResponse: 'Yes, on the first floor.', time: minute(3) });
  await insertHistory(testApp.db, { sessionId: 'search-phrase', userMessage: 'Do you offer free shipping to Europe?', apiResponse: 'Shipping is free above 50 euros.', time: minute(4) });
  await insertHistory(testApp.db, { sessionId: 'search-apart', userMessage: 'Is shipping free?', apiResponse: 'Free returns, paid shipping.', time: minute(5) });
  const about = await insertHistory(testApp.db, { sessionId: 'search-feedback', userMessage: 'Where is my teapot?', apiResponse: 'It ships tomorrow.', time: minute(6) });
  await insertFeedback(testApp.db, { history: about, userFeedback: 'The teapot answer was useless', rating: 'down' });
  await testApp.db.insert(helpRequests).values({ name: 'Hana Help', email: 'hana@customer.example', message: 'My teapot arrived cracked, I want a replacement.' });
});
afterAll(() => testApp.close());

type SearchBody = { success: boolean; data?: SearchResults; error?: { message: string } };
const search = (client: ApiClient, text: string, limit = 5, page = 0) => client.post<SearchBody>('/api/search', { search: text, limit, page });

describe('POST /api/search', () => {
  it('finds words in any order, newest first, with each group and its count', async () => {
    const answer = await search(viewer, 'refund parcel ');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.chatHistory).toEqual({
      rows: [
        { session_id: 'search-refund-2', user_message: 'Parcel lost, refund please', api_response: 'We sent a new parcel.' },
        { session_id: 'search-refund-1', user_message: 'How do I get a refund for my parcel?', api_response: '<p>Refunds take <b>five days</b>.</p>' },
      ],
      total_count: 2,
    });
    expect((await search(viewer, 'parcel refund')).body.data?.chatHistory.total_count).toBe(2);
  });

  it('matches the last word as a prefix while it is typed, and stems words', async () => {
    expect((await search(viewer, 'refu')).body.data?.chatHistory.total_count).toBe(2);
    expect((await search(viewer, 'refu ')).body.data?.chatHistory.total_count).toBe(0);
    expect((await search(viewer, 'refunded ')).body.data?.chatHistory.total_count).toBe(2);
  });

  it('folds accents both ways', async () => {
    expect((await search(viewer, 'cafe zurich')).body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-cafe']);
    expect((await search(viewer, 'CAFÉ')).body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-cafe']);
  });

  it('matches a quoted phrase only with its words together and in order', async () => {
    const phrase = await search(viewer, '"free shipping"');
    expect(phrase.body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-phrase']);
    const words = await search(viewer, 'free shipping ');
    expect(words.body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-apart', 'search-phrase']);
  });

  it('answers feedback with its message and exchange, and help requests with their message', async () => {
    const answer = await search(viewer, 'teapot');
    expect(answer.body.data?.feedback.rows).toEqual([
      { id: expect.any(Number), message: 'The teapot answer was useless', user_message: 'Where is my teapot?', api_response: 'It ships tomorrow.' },
    ]);
    expect(answer.body.data?.helpRequests.rows).toEqual([{ id: expect.any(Number), message: 'My teapot arrived cracked, I want a replacement.' }]);
    expect((await search(viewer, 'hana@customer')).body.data?.helpRequests.total_count).toBe(1);
  });

  it('finds help requests by fragments of the name or the email, folded, never by one spanning both', async () => {
    const ids = async (text: string) => (await search(viewer, text)).body.data?.helpRequests.rows.map((row) => row.message);
    expect(await ids('ANA HEL')).toEqual(['My teapot arrived cracked, I want a replacement.']);
    expect(await ids('stomer.exam')).toEqual(['My teapot arrived cracked, I want a replacement.']);
    // "Hana Help" then "hana@…": a fragment across the two would match "helphana", "elp\nhan" does not.
    expect(await ids('elphan')).toEqual([]);
  });

  it('takes a fragment\'s _ as itself, not as a LIKE wildcard, and needs every fragment', async () => {
    const [added] = await testApp.db
      .insert(helpRequests)
      .values({ name: 'Seán Brien-Smith', email: 'sean_100@shop.example', message: 'Where is my parcel?' })
      .returning({ id: helpRequests.id });
    try {
      const ids = async (text: string) => (await search(viewer, text)).body.data?.helpRequests.rows.map((row) => row.id);
      expect(await ids('n_10 ')).toEqual([added?.id]);
      expect(await ids('rien n_10 ')).toEqual([added?.id]);
      // As a wildcard, "_" would match the "e" of "sean".
      expect(await ids('s_an ')).toEqual([]);
      expect(await ids('rien hana ')).toEqual([]);
      // The longest fragment is read through the index first; a shorter one typed before it still counts.
      expect(await ids('mit sean_100@shop ')).toEqual([added?.id]);
      expect(await ids('xyz sean_100@shop ')).toEqual([]);
    } finally {
      await testApp.db.delete(helpRequests).where(eq(helpRequests.id, added?.id ?? 0));
    }
  });

  it('finds staff by fragments of name or email, folded, only for holders of read_user_accounts', async () => {
    const byName = await search(admin, 'zoe admi');
    expect(byName.body.data?.userAccounts.rows.map((row) => row.name)).toEqual(['Zoë Search-Admin']);
    expect((await search(admin, 'ctor@steward')).body.data?.userAccounts.rows.map((row) => row.name)).toEqual(['Victor Viewer']);
    expect((await search(admin, '50%')).body.data?.userAccounts.total_count).toBe(0);
    // Each word in the name or the email, all of them in the same account.
    expect((await search(admin, 'victor steward.exa')).body.data?.userAccounts.rows.map((row) => row.name)).toEqual(['Victor Viewer']);
    expect((await search(admin, 'zoe victor')).body.data?.userAccounts).toEqual({ rows: [], total_count: 0 });
    const accounts = async (page: number) => (await search(admin, 'steward.example', 1, page)).body.data?.userAccounts;
    expect(await accounts(0)).toEqual({ rows: [{ id: expect.any(Number), name: 'Victor Viewer' }], total_count: 2 });
    expect(await accounts(1)).toEqual({ rows: [{ id: expect.any(Number), name: 'Zoë Search-Admin' }], total_count: 2 });
    await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer' AND capability = 'read_user_accounts'`);
    try {
      const asViewer = await search(viewer, 'zoe');
      expect(asViewer.status).toBe(200);
      expect(asViewer.body.data?.userAccounts).toEqual({ rows: [], total_count: 0 });
    } finally {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', 'read_user_accounts')`);
    }
  });

  it('pages with limit and page, and refuses blank or overlong text with a message', async () => {
    const first = await search(viewer, 'refund', 1, 0);
    const second = await search(viewer, 'refund', 1, 1);
    expect(first.body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-refund-2']);
    expect(second.body.data?.chatHistory.rows.map((row) => row.session_id)).toEqual(['search-refund-1']);
    expect((await search(viewer, '   ')).body.error?.message).toBe('Please type something to search for.');
    expect((await search(viewer, 'x'.repeat(201))).status).toBe(400);
    expect((await search(viewer, 'a', 21)).status).toBe(400);
  });

  it('treats operators and markup as plain text', async () => {
    const answer = await search(viewer, "refund & | ! <-> ' :* (");
    expect(answer.status).toBe(200);
    expect(answer.body.data?.chatHistory.total_count).toBe(2);
    expect((await search(viewer, '<b>')).body.data?.chatHistory.total_count).toBe(0);
  });

  it('needs a login', async () => {
    expect((await testApp.client().post('/api/search', { search: 'refund' })).status).toBe(401);
    expect((await testApp.client().post('/api/search/history', { search: 'refund' })).status).toBe(401);
    expect((await testApp.client().post('/api/search/rerank', { query: 'refund', results: ['a'] })).status).toBe(401);
  });
});

describe('the top bar\'s groups in one statement', () => {
  it('gives each group its own window and count, side by side, on every page', async () => {
    const minute = (n: number) => new Date(Date.UTC(2026, 6, 1, 12, n));
    const rated = await insertHistory(testApp.db, { sessionId: 'kettle-1', userMessage: 'Does the kettle descale itself?', apiResponse: 'No.', time: minute(1) });
    await insertHistory(testApp.db, { sessionId: 'kettle-2', userMessage: 'Kettle lid is loose', apiResponse: 'Send it back.', time: minute(2) });
    await insertHistory(testApp.db, { sessionId: 'kettle-3', userMessage: 'Which kettle boils fastest?', apiResponse: 'The Swift.', time: minute(3) });
    await insertFeedback(testApp.db, { history: rated, userFeedback: 'Wrong about my kettle', rating: 'down' });
    await testApp.db.insert(helpRequests).values([
      { name: 'Kai Kettle', email: 'kai@boil.example', message: 'Call me about a refund.', time: minute(4) },
      { name: 'Kim Boil', email: 'kim@boil.example', message: 'My kettle leaks.', time: minute(5) },
    ]);

    const first = (await search(viewer, 'kettle', 2, 0)).body.data;
    expect(first?.chatHistory.rows.map((row) => row.session_id)).toEqual(['kettle-3', 'kettle-2']);
    expect(first?.chatHistory.total_count).toBe(3);
    expect(first?.feedback.rows.map((row) => row.message)).toEqual(['Wrong about my kettle']);
    expect(first?.feedback.total_count).toBe(1);
    expect(first?.helpRequests.rows.map((row) => row.message)).toEqual(['My kettle leaks.', 'Call me about a refund.']);
    expect(first?.helpRequests.total_count).toBe(2);

    const second = (await search(viewer, 'kettle', 2, 1)).body.data;
    expect(second?.chatHistory).toEqual({ rows: [{ session_id: 'kettle-1', user_message: 'Does the kettle descale itself?', api_response: 'No.' }], total_count: 3 });
    expect(second?.feedback).toEqual({ rows: [], total_count: 1 });
    expect(second?.helpRequests).toEqual({ rows: [], total_count: 2 });
  });
});

describe('a word in more rows than the count cap', () => {
  it('still answers the newest rows first, and counts up to the cap of the call', async () => {
    await insertManyHistory(testApp.db, SEARCH_COUNT_CAP + 50, new Date('2027-01-01T00:00:00Z'));
    const answer = await search(viewer, 'bulk ', 2);
    expect(answer.body.data?.chatHistory).toEqual({
      rows: [
        { session_id: `bulk-session-${SEARCH_COUNT_CAP + 49}`, user_message: `Bulk question ${SEARCH_COUNT_CAP + 49}`, api_response: `<p>Bulk answer ${SEARCH_COUNT_CAP + 49}</p>` },
        { session_id: `bulk-session-${SEARCH_COUNT_CAP + 48}`, user_message: `Bulk question ${SEARCH_COUNT_CAP + 48}`, api_response: `<p>Bulk answer ${SEARCH_COUNT_CAP + 48}</p>` },
      ],
      total_count: TOP_BAR_COUNT_CAP,
    });
    const page = await viewer.post('/api/search/history', { search: 'bulk', page: 2 });
    expect(page.body.data?.rows[0]).toMatchObject({ session_id: `bulk-session-${SEARCH_COUNT_CAP + 9}`, total_count: SEARCH_COUNT_CAP });
  });
});

describe('POST /api/search/history (the search results page)', () => {
  it('answers 20 hits per page with the total count', async () => {
    const answer = await viewer.post('/api/search/history', { search: 'parcel', page: 0 });
    expect(answer.body.data?.rows.map((row) => [row.session_id, row.total_count])).toEqual([
      ['search-refund-2', 2],
      ['search-refund-1', 2],
    ]);
    expect((await viewer.post('/api/search/history', { search: 'parcel', page: 1 })).body.data?.rows).toEqual([]);
  });
});

describe('POST /api/search/rerank', () => {
  const best = async (query: string, results: string[]) => {
    const answer = await viewer.post('/api/search/rerank', { query, results });
    expect(answer.status).toBe(200);
    return answer.body.data?.bestMatch as { index: number; score: number };
  };

  it('picks the most relevant result, not the first', async () => {
    const results = [
      'Parcel lost, refund please',
      'Our store opens at nine.',
      'How long does a refund take? Refunds reach your card within five days.',
    ];
    expect((await best('how long does a refund take', results)).index).toBe(2);
  });

  it('can pick a help request over history rows', async () => {
    const results = [
      'User: Where is my teapot? Bot: It ships tomorrow.',
      'User: Do you sell teapots? Bot: Yes, in three colours.',
      'My teapot arrived cracked, I want a replacement.',
    ];
    expect((await best('teapot arrived cracked', results)).index).toBe(2);
  });

  it('rewards the exact phrase, and is deterministic', async () => {
    const results = ['shipping is free for members', 'free shipping to Europe', 'Europe: shipping, free'];
    const first = await best('"free shipping"', results);
    expect(first.index).toBe(1);
    expect(await best('"free shipping"', results)).toEqual(first);
  });

  it('refuses an empty list and more than 50 results', async () => {
    expect((await viewer.post('/api/search/rerank', { query: 'a', results: [] })).status).toBe(400);
    expect((await viewer.post('/api/search/rerank', { query: 'a', results: Array.from({ length: 51 }, () => 'x') })).body.error?.message).toBe(
      'Send at most 50 results to rank.',
    );
  });
});
