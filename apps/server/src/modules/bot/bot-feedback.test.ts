import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { botPost, counters, freshHour, newSessionId, rollupAt } from '../../test/bot-test-support.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function storedExchange(): Promise<{ id: number; sessionId: string }> {
  const sessionId = newSessionId();
  const answer = await botPost(testApp, '/api/bot/messages', {
    session_id: sessionId,
    user_message: 'Is the blender dishwasher safe?',
    api_response: '<p>Only the jar.</p>',
  });
  return { id: answer.body.data?.rows[0]?.id as number, sessionId };
}

describe('POST /api/bot/feedback', () => {
  it('copies session, question and answer from the history row and stores the rest', async () => {
    const exchange = await storedExchange();
    const answer = await botPost(testApp, '/api/bot/feedback', {
      history_id: exchange.id,
      rating: 'down',
      reason: ['Inaccurate', 'Too long'],
      user_feedback: 'The lid is safe too.',
      user_ip: '2001:4860:4860::8888',
      country: 'fr',
      time: '2026-02-03T04:05:06Z',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([{ id: expect.any(Number) }]);
    const [stored] = await sqlRows<Record<string, unknown>>(
      testApp.db,
      sql`SELECT * FROM feedback WHERE id = ${answer.body.data?.rows[0]?.id as number}`,
    );
    // bigint comes back as a string from node-postgres, as a number from PGlite.
    expect(Number(stored?.history_id)).toBe(exchange.id);
    expect(stored).toMatchObject({
      session_id: exchange.sessionId,
      user_message: 'Is the blender dishwasher safe?',
      api_response: '<p>Only the jar.</p>',
      rating: 'down',
      reason: ['Inaccurate', 'Too long'],
      user_feedback: 'The lid is safe too.',
      user_ip: '2001:4860:4860::8888',
      country: 'FR',
    });
    expect(new Date(stored?.time as string).toISOString()).toBe('2026-02-03T04:05:06.000Z');
  });

  it('counts up and down ratings in their lists and in the statistics hour', async () => {
    const exchange = await storedExchange();
    const hour = freshHour();
    const before = await counters(testApp.db);
    for (const rating of ['up', 'up', 'down']) {
      const answer = await botPost(testApp, '/api/bot/feedback', { history_id: exchange.id, rating, time: hour.toISOString() });
      expect(answer.status).toBe(200);
    }
    const after = await counters(testApp.db);
    expect(after.feedback).toBe((before.feedback ?? 0) + 3);
    expect(after['feedback:up']).toBe((before['feedback:up'] ?? 0) + 2);
    expect(after['feedback:down']).toBe((before['feedback:down'] ?? 0) + 1);
    expect(after.history).toBe(before.history);
    const hourIso = new Date(hour).toISOString();
    expect(await rollupAt(testApp.db, hourIso)).toEqual({ sessions: 0, questions: 0, up: 2, down: 1 });
  });

  it('answers 404 for an unknown history_id and stores nothing', async () => {
    const before = await counters(testApp.db);
    const answer = await botPost(testApp, '/api/bot/feedback', { history_id: 987_654_321, rating: 'up' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: { message: 'There is no chat history entry with id 987654321.', field: 'history_id' } });
    expect(await counters(testApp.db)).toEqual(before);
  });

  it('needs the bot key', async () => {
    expect((await testApp.client().post('/api/bot/feedback', { history_id: 1, rating: 'up' })).status).toBe(401);
  });

  it.each([
    [{}, 'history_id', 'history_id is required.'],
    [{ history_id: '12' }, 'history_id', 'history_id must be a number.'],
    [{ history_id: 1.5 }, 'history_id', 'history_id must be a whole number.'],
    [{ history_id: 0 }, 'history_id', 'history_id must be a positive whole number.'],
    [{ history_id: 1 }, 'rating', 'rating must be "up" or "down".'],
    [{ history_id: 1, rating: 'meh' }, 'rating', 'rating must be "up" or "down".'],
    [{ history_id: 1, rating: 'up', reason: 'Inaccurate' }, 'reason', 'reason must be a list of strings.'],
    [{ history_id: 1, rating: 'up', reason: ['ok', 3] }, 'reason', 'Each reason must be a string.'],
    [{ history_id: 1, rating: 'up', reason: Array.from({ length: 21 }, () => 'r') }, 'reason', 'reason must hold at most 20 items.'],
    [{ history_id: 1, rating: 'up', reason: ['x'.repeat(501)] }, 'reason', 'Each reason must be at most 500 characters long.'],
    [{ history_id: 1, rating: 'up', user_feedback: 'x'.repeat(5001) }, 'user_feedback', 'user_feedback must be at most 5000 characters long.'],
    [{ history_id: 1, rating: 'up', user_ip: '300.1.1.1' }, 'user_ip', 'user_ip must be an IPv4 or IPv6 address.'],
    [{ history_id: 1, rating: 'up', time: 'yesterday' }, 'time', 'time must be an ISO 8601 date and time with a time zone, such as "2026-05-01T14:30:00Z".'],
    [{ history_id: 1, rating: 'up', session_id: 's' }, undefined, 'Unknown field: session_id.'],
  ])('refuses case %# with a message under its field', async (body, field, message) => {
    const answer = await botPost(testApp, '/api/bot/feedback', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: field ? { message, field } : { message } });
  });
});
