import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { counters } from '../../test/bot-test-support.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 38: a visitor rates an answer once; a second rating replaces the first, and the list counters and the
// statistics stay equal to the rows.

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN });
  ({ client: admin } = await testApp.signedInClient('admin'));
});
afterAll(() => testApp.close());

const rate = (body: Record<string, unknown>) => chatCall(testApp, 'POST', '/api/chat/feedback', { body });

/** Up and down ratings as the rows, the quarter-hour rollup and the statistics call count them. */
async function ratingCounts() {
  const [rows] = await sqlRows<{ up: number; down: number }>(testApp.db, sql`
    SELECT count(*) FILTER (WHERE rating = 'up')::int AS up, count(*) FILTER (WHERE rating = 'down')::int AS down FROM feedback`);
  const [rollup] = await sqlRows<{ up: number; down: number }>(testApp.db, sql`
    SELECT coalesce(sum(up_ratings), 0)::int AS up, coalesce(sum(down_ratings), 0)::int AS down FROM statistics_rollup_quarter`);
  const statistics = (await admin.get(`/api/statistics/${encodeURIComponent('All Time')}/0`)).body.data?.rows[0] ?? {};
  const listed = counters(testApp.db);
  return {
    rows: rows ?? { up: 0, down: 0 },
    rollup: rollup ?? { up: 0, down: 0 },
    statistics: { up: statistics.satisfactory_answers_current, down: statistics.unsatisfactory_answers_current },
    lists: await listed,
  };
}

describe('POST /api/chat/feedback, twice on one answer', () => {
  it('keeps one rating, the latest, with the counters and statistics equal to the rows', async () => {
    const answer = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Do you ship abroad?' } }));
    const rating = { session_id: answer.session_id, history_id: answer.history_id };
    const first = firstRow(await rate({ ...rating, rating: 'up' }));
    let counts = await ratingCounts();
    expect(counts.rows).toEqual({ up: 1, down: 0 });

    const second = await rate({ ...rating, rating: 'down', reason: ['Not helpful'], user_feedback: 'Wrong country list' });
    expect(second.status).toBe(200);
    expect(firstRow(second).id).toBe(first.id);
    counts = await ratingCounts();
    expect(counts.rows).toEqual({ up: 0, down: 1 });
    expect(counts.rollup).toEqual(counts.rows);
    expect(counts.statistics).toEqual(counts.rows);
    expect(counts.lists).toMatchObject({ feedback: 1, 'feedback:up': 0, 'feedback:down': 1 });

    const list = await admin.get('/api/all-feedback/0/down');
    expect(list.body.data?.rows).toEqual([expect.objectContaining({ id: first.id, rating: 'down', user_feedback: 'Wrong country list', total_count: 1 })]);
    expect((await admin.get('/api/all-feedback/0/up')).body.data?.rows).toEqual([]);

    // The same rating again replaces it too: still one row, nothing counted twice.
    await rate({ ...rating, rating: 'down' });
    counts = await ratingCounts();
    expect(counts.rows).toEqual({ up: 0, down: 1 });
    expect(counts.rollup).toEqual(counts.rows);
    expect(counts.lists).toMatchObject({ feedback: 1, 'feedback:down': 1 });
  });

  it('stores one row for ratings of one answer sent at once', async () => {
    const answer = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'What are your opening hours?' } }));
    const ratings = await Promise.all(
      ['up', 'down', 'up', 'down', 'up'].map((value) => rate({ session_id: answer.session_id, history_id: answer.history_id, rating: value })),
    );
    expect(ratings.every((answered) => answered.status === 200)).toBe(true);
    const [row] = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM feedback WHERE history_id = ${Number(answer.history_id)}`);
    expect(row?.n).toBe(1);
    const counts = await ratingCounts();
    expect(counts.rollup).toEqual(counts.rows);
    expect(counts.lists['feedback']).toBe(counts.rows.up + counts.rows.down);
    expect(counts.lists['feedback:up']).toBe(counts.rows.up);
  });
});
