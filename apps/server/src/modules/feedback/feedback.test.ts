import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, type FeedbackCorrectionRow, type FeedbackRow } from '@steward/contract/feedback';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertFeedback, insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const rowsOf = <Row = FeedbackRow>(body: { data?: { rows: unknown[] } }) => (body.data?.rows ?? []) as Row[];

describe('GET /api/feedback/{id}', () => {
  it('answers exactly the fields of spec section 3, reason as JSON text of a list of strings', async () => {
    const about = await insertHistory(testApp.db, { userMessage: 'How do I reset?', apiResponse: '<p>Click <b>Reset</b>.</p>' });
    const row = await insertFeedback(testApp.db, {
      history: about,
      rating: 'down',
      reason: ['Inaccurate', 'Too long'],
      userFeedback: 'It did not help',
      time: new Date('2026-03-04T15:07:00Z'),
      country: 'AU',
      userIp: '192.0.2.1',
    });
    const { client } = await testApp.signedInClient('viewer');

    const answer = await client.get(`/api/feedback/${row.id}`);

    expect(answer.status).toBe(200);
    expect(rowsOf(answer.body)).toEqual([
      {
        id: row.id,
        user_ip: '192.0.2.1',
        country: 'AU',
        time: '2026-03-04T15:07:00.000Z',
        user_feedback: 'It did not help',
        reason: '["Inaccurate","Too long"]',
        user_message: 'How do I reset?',
        api_response: '<p>Click <b>Reset</b>.</p>',
        rating: 'down',
        session_id: about.sessionId,
        total_count: 1,
      },
    ]);
  });

  it('answers 404 with a clear message for an unknown id, and 400 for a bad one', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const unknown = await client.get('/api/feedback/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: { message: FEEDBACK_MESSAGES.notFound } });
    const bad = await client.get('/api/feedback/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('The id must be a whole number.');
  });

  it('needs login', async () => {
    const row = await insertFeedback(testApp.db);
    expect((await testApp.client().get(`/api/feedback/${row.id}`)).status).toBe(401);
  });
});

describe('GET /api/all-feedback/{pageIndex}/{rating}', () => {
  let listApp: TestApp;
  const ups: number[] = [];
  const downs: number[] = [];
  beforeAll(async () => {
    listApp = await createTestApp();
    // 31 up and 2 down, one minute apart, alternating the two downs in the middle.
    for (let index = 0; index < 33; index += 1) {
      const rating = index === 10 || index === 20 ? 'down' : 'up';
      const row = await insertFeedback(listApp.db, { rating, time: new Date(Date.UTC(2026, 0, 1, 0, index)) });
      (rating === 'up' ? ups : downs).push(row.id);
    }
  });
  afterAll(() => listApp.close());

  const newestFirst = (ids: number[]) => [...ids].reverse();

  it('lists all feedback 30 per page, newest first, with the total of all (empty rating segment)', async () => {
    const { client } = await listApp.signedInClient('viewer');
    const first = rowsOf((await client.get('/api/all-feedback/0/')).body);
    const second = rowsOf((await client.get('/api/all-feedback/1/')).body);
    const all = newestFirst([...ups, ...downs].sort((a, b) => a - b));
    expect(first.map((row) => row.id)).toEqual(all.slice(0, 30));
    expect(second.map((row) => row.id)).toEqual(all.slice(30));
    expect(first[0]?.total_count).toBe(33);
    expect(rowsOf((await client.get('/api/all-feedback/2/')).body)).toEqual([]);
  });

  it('treats a missing rating segment as all', async () => {
    const { client } = await listApp.signedInClient('viewer');
    const rows = rowsOf((await client.get('/api/all-feedback/0')).body);
    expect(rows).toHaveLength(30);
    expect(rows[0]?.total_count).toBe(33);
  });

  it('filters by up with its own total and paging', async () => {
    const { client } = await listApp.signedInClient('viewer');
    const first = rowsOf((await client.get('/api/all-feedback/0/up')).body);
    const second = rowsOf((await client.get('/api/all-feedback/1/up')).body);
    expect(first).toHaveLength(30);
    expect(second.map((row) => row.id)).toEqual([ups[0]]);
    expect([...first, ...second].every((row) => row.rating === 'up' && row.total_count === 31)).toBe(true);
  });

  it('filters by down with its own total', async () => {
    const { client } = await listApp.signedInClient('viewer');
    const rows = rowsOf((await client.get('/api/all-feedback/0/down')).body);
    expect(rows.map((row) => row.id)).toEqual(newestFirst(downs));
    expect(rows.every((row) => row.rating === 'down' && row.total_count === 2)).toBe(true);
  });

  it('reads total_count from the per-filter counters, not by counting rows', async () => {
    await listApp.db.execute(sql`UPDATE list_counters SET count = 777 WHERE name = 'feedback:down'`);
    const { client } = await listApp.signedInClient('viewer');
    expect(rowsOf((await client.get('/api/all-feedback/0/down')).body)[0]?.total_count).toBe(777);
    await listApp.db.execute(sql`UPDATE list_counters SET count = 2 WHERE name = 'feedback:down'`);
  });

  it.each([
    ['/api/all-feedback/0/sideways', /rating must be up, down, or empty/],
    ['/api/all-feedback/-1/up', /page index/],
    ['/api/all-feedback/x/', /page index/],
  ])('refuses %s with 400', async (path, message) => {
    const { client } = await listApp.signedInClient('viewer');
    const answer = await client.get(path);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(message);
  });

  it('needs login', async () => {
    expect((await listApp.client().get('/api/all-feedback/0/')).status).toBe(401);
  });
});

describe('POST /api/feedback/{id}/correction', () => {
  interface InformRow {
    user_id: number;
    author_name: string;
    content: string;
    type: string;
    question: string;
    feedback_id: number;
    status: string;
  }

  it('files a pending correction by the caller that keeps the question, and answers the new item', async () => {
    const about = await insertHistory(testApp.db, { userMessage: 'What is the warranty?' });
    const row = await insertFeedback(testApp.db, { history: about, rating: 'down' });
    const { client, user } = await testApp.signedInClient('viewer', { name: 'Vera Viewer' });

    const answer = await client.post(`/api/feedback/${row.id}/correction`, { content: '  Two years on all parts.  ' });

    expect(answer.status).toBe(200);
    const [created] = rowsOf<FeedbackCorrectionRow>(answer.body);
    expect(created).toMatchObject({
      user_id: user.id,
      content: 'Two years on all parts.',
      name: 'Vera Viewer',
      status: 'pending',
      type: 'correction',
      question: 'What is the warranty?',
      feedback_id: row.id,
    });
    const stored = await sqlRows<InformRow>(testApp.db, sql`SELECT * FROM inform_the_bot WHERE id = ${created?.id ?? 0}`);
    expect(stored[0]).toMatchObject({
      user_id: user.id,
      author_name: 'Vera Viewer',
      content: 'Two years on all parts.',
      type: 'correction',
      question: 'What is the warranty?',
      feedback_id: row.id,
      status: 'pending',
    });
  });

  it.each([[{ content: '   ' }], [{ content: '' }], [{}]])('refuses %j with "Please type new content."', async (body) => {
    const row = await insertFeedback(testApp.db);
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post(`/api/feedback/${row.id}/correction`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message: FEEDBACK_MESSAGES.contentRequired, field: 'content' });
  });

  it('answers 404 for unknown feedback', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/feedback/999999/correction', { content: 'Something' });
    expect(answer.status).toBe(404);
    expect(answer.body.error?.message).toBe(FEEDBACK_MESSAGES.notFound);
  });

  it('needs create_inform_the_bot', async () => {
    const row = await insertFeedback(testApp.db);
    await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer' AND capability = 'create_inform_the_bot'`);
    try {
      const { client } = await testApp.signedInClient('viewer');
      const answer = await client.post(`/api/feedback/${row.id}/correction`, { content: 'Something' });
      expect(answer.status).toBe(403);
    } finally {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', 'create_inform_the_bot')`);
    }
    expect((await testApp.client().post(`/api/feedback/${row.id}/correction`, { content: 'Something' })).status).toBe(401);
  });
});
