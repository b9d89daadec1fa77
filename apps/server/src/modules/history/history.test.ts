import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, MAX_SESSION_ID_LENGTH, type HistoryRow } from '@steward/contract/history';
import { insertHistory, insertManyHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const rowsOf = (body: { data?: { rows: unknown[] } }) => (body.data?.rows ?? []) as HistoryRow[];

describe('GET /api/all-history/{pageIndex}', () => {
  it('answers rows with exactly the fields of spec section 3, newest first', async () => {
    const older = await insertHistory(testApp.db, {
      time: new Date('2030-05-01T10:00:00Z'),
      account: { primary_id: 'cust-1', secondary_id: 'store-9', email: 'ann@example.com' },
      sourceDocs: [{ metadata: { filename: 'Manual.pdf', source_url: 'https://docs.example.com/manual.pdf' } }, 'FAQ'],
      origin: 'https://shop.example.com/pricing',
      country: 'DE',
      userIp: '198.51.100.4',
    });
    const newer = await insertHistory(testApp.db, { time: new Date('2030-05-01T11:00:00Z'), account: null, origin: null });
    const { client } = await testApp.signedInClient('viewer');

    const answer = await client.get('/api/all-history/0');

    expect(answer.status).toBe(200);
    const rows = rowsOf(answer.body);
    expect(rows.map((row) => row.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(rows[1]).toEqual({
      id: older.id,
      session_id: older.sessionId,
      user_message: older.userMessage,
      api_response: older.apiResponse,
      source_docs: [{ metadata: { filename: 'Manual.pdf', source_url: 'https://docs.example.com/manual.pdf' } }, 'FAQ'],
      origin: 'https://shop.example.com/pricing',
      account: rows[1]?.account,
      time: '2030-05-01T10:00:00.000Z',
      country: 'DE',
      user_ip: '198.51.100.4',
      // Our addition: true only for questions Steward's own bot could not answer (docs/bot.md).
      coverage_gap: false,
      // Our additions (issue 40): the exchange's thumb and whether its session asked for help.
      rating: null,
      help_request: false,
      total_count: rows[1]?.total_count,
    });
    expect(JSON.parse(rows[1]?.account ?? 'null')).toEqual({ primary_id: 'cust-1', secondary_id: 'store-9', email: 'ann@example.com' });
    expect(rows[0]).toMatchObject({ account: null, origin: null });
    expect(rows[0]).not.toHaveProperty('search');
  });

  it('keeps odd source document items from breaking the answer', async () => {
    await insertHistory(testApp.db, {
      time: new Date('2031-01-01T00:00:00Z'),
      sourceDocs: [42, null, { metadata: { filename: 7, source_url: 'https://a.example.com' } }, { title: 'no metadata' }, 'kept'],
    });
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/all-history/0');
    expect(answer.status).toBe(200);
    expect(rowsOf(answer.body)[0]?.source_docs).toEqual([{ metadata: { source_url: 'https://a.example.com' } }, 'kept']);
  });

  it('needs login', async () => {
    const answer = await testApp.client().get('/api/all-history/0');
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
  });

  it.each([['-1'], ['1.5'], ['abc']])('refuses the page index %s with 400', async (pageIndex) => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get(`/api/all-history/${pageIndex}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/page index/);
  });
});

describe('history paging', () => {
  let pagingApp: TestApp;
  beforeAll(async () => {
    pagingApp = await createTestApp();
    await insertManyHistory(pagingApp.db, 61);
  });
  afterAll(() => pagingApp.close());

  it('answers 30 rows per page, the last page the rest, and an empty page past the end, all with total_count', async () => {
    const { client } = await pagingApp.signedInClient('viewer');
    const pages = await Promise.all([0, 1, 2, 3].map((index) => client.get(`/api/all-history/${index}`)));
    const [first, second, third, beyond] = pages.map((page) => rowsOf(page.body));
    expect(first).toHaveLength(30);
    expect(second).toHaveLength(30);
    expect(third).toHaveLength(1);
    expect(beyond).toEqual([]);
    expect(first?.[0]?.user_message).toBe('Bulk question 60');
    expect(first?.[29]?.user_message).toBe('Bulk question 31');
    expect(second?.[0]?.user_message).toBe('Bulk question 30');
    expect(third?.[0]?.user_message).toBe('Bulk question 0');
    expect(new Set([...(first ?? []), ...(second ?? []), ...(third ?? [])].map((row) => row.total_count))).toEqual(new Set([61]));
  });

  it('orders rows of the same time by id, newest id first, so no row is skipped or repeated across pages', async () => {
    const sameTime = new Date('2040-01-01T00:00:00Z');
    const a = await insertHistory(pagingApp.db, { time: sameTime });
    const b = await insertHistory(pagingApp.db, { time: sameTime });
    const { client } = await pagingApp.signedInClient('viewer');
    const rows = rowsOf((await client.get('/api/all-history/0')).body);
    expect(rows.slice(0, 2).map((row) => row.id)).toEqual([b.id, a.id]);
    expect(rows[0]?.total_count).toBe(63);
  });

  it('reads total_count from the list counter, not by counting rows', async () => {
    const { client } = await pagingApp.signedInClient('viewer');
    await pagingApp.db.execute(`UPDATE list_counters SET count = 5000 WHERE name = 'history'`);
    expect(rowsOf((await client.get('/api/all-history/0')).body)[0]?.total_count).toBe(5000);
  });
});

describe('coverage gaps only (?coverage_gaps=true)', () => {
  it('lists only the flagged rows, newest first, with their own total, and refuses other values', async () => {
    const gapApp = await createTestApp();
    try {
      const gaps = [];
      for (let index = 0; index < 4; index += 1) {
        const time = new Date(Date.UTC(2031, 0, 1, index));
        await insertHistory(gapApp.db, { time });
        gaps.push(await insertHistory(gapApp.db, { time: new Date(time.getTime() + 1000), coverageGap: true }));
      }
      const { client } = await gapApp.signedInClient('viewer');
      const answer = await client.get('/api/all-history/0?coverage_gaps=true');
      expect(answer.status).toBe(200);
      const rows = rowsOf(answer.body);
      expect(rows.map((row) => row.id)).toEqual(gaps.map((gap) => gap.id).reverse());
      expect(rows.every((row) => row.coverage_gap && row.total_count === 4)).toBe(true);
      expect(rowsOf((await client.get('/api/all-history/0')).body)[0]?.total_count).toBe(8);
      expect(rowsOf((await client.get('/api/all-history/1?coverage_gaps=true')).body)).toEqual([]);
      const refused = await client.get('/api/all-history/0?coverage_gaps=yes');
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toBe('coverage_gaps must be true or false.');
    } finally {
      await gapApp.close();
    }
  });
});

describe('GET /api/history/{sessionId}', () => {
  it('answers every exchange of the session in order, and nothing of other sessions', async () => {
    const sessionId = `detail-${Date.now()}`;
    const second = await insertHistory(testApp.db, { sessionId, time: new Date('2026-02-01T10:05:00Z'), userMessage: 'second' });
    const first = await insertHistory(testApp.db, { sessionId, time: new Date('2026-02-01T10:00:00Z'), userMessage: 'first' });
    await insertHistory(testApp.db, { time: new Date('2026-02-01T10:01:00Z'), userMessage: 'other session' });
    const { client } = await testApp.signedInClient('viewer');

    const answer = await client.get(`/api/history/${encodeURIComponent(sessionId)}`);

    expect(answer.status).toBe(200);
    const rows = rowsOf(answer.body);
    expect(rows.map((row) => [row.id, row.user_message])).toEqual([
      [first.id, 'first'],
      [second.id, 'second'],
    ]);
    expect(rows.every((row) => row.session_id === sessionId && row.total_count === 2)).toBe(true);
  });

  it('finds a session whose id needs URL encoding', async () => {
    const sessionId = 'visitor 7/abc?x=1';
    await insertHistory(testApp.db, { sessionId });
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get(`/api/history/${encodeURIComponent(sessionId)}`);
    expect(answer.status).toBe(200);
    expect(rowsOf(answer.body)[0]?.session_id).toBe(sessionId);
  });

  it('answers 404 with a clear message for an unknown session', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/history/no-such-session');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: { message: HISTORY_MESSAGES.sessionNotFound } });
  });

  it('finds a session whose id is as long as the bot may send, even URL-encoded', async () => {
    const sessionId = 'é'.repeat(MAX_SESSION_ID_LENGTH);
    await insertHistory(testApp.db, { sessionId });
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get(`/api/history/${encodeURIComponent(sessionId)}`);
    expect(answer.status).toBe(200);
    expect(rowsOf(answer.body)[0]?.session_id).toBe(sessionId);
  });

  it('refuses a session id longer than any the bot may send with 400', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get(`/api/history/${'x'.repeat(MAX_SESSION_ID_LENGTH + 1)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('The chat session id is too long.');
  });

  it('needs login', async () => {
    const row = await insertHistory(testApp.db);
    expect((await testApp.client().get(`/api/history/${row.sessionId}`)).status).toBe(401);
  });
});
