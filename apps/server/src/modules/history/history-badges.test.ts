import type { HistoryRow } from '@steward/contract/history';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HISTORY_BADGES_FILL } from '../../db/migrations/3342-history-badge-columns.ts';
import { rateAnswerOnce } from '../feedback/feedback.actions.ts';
import { purgeFeedbackBefore, purgeHelpRequestsBefore } from '../privacy/retention-purge.repository.ts';

/**
 * History's badges are kept on its rows (migration 3342): each write and delete of a rating or a help request
 * moves them in its transaction, and History's list, its filtered pages and a conversation read them back.
 */
let testApp: TestApp;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;

const exchange = async (sessionId: string, time = new Date()): Promise<number> => {
  const answer = await botPost(testApp, '/api/bot/messages', { session_id: sessionId, user_message: 'Where is my order?', api_response: 'On its way.', time: time.toISOString() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.rows[0]?.id as number;
};
const rate = async (historyId: number, rating: 'up' | 'down', time = new Date()) =>
  expect((await botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating, time: time.toISOString() })).status).toBe(200);
const askForHelp = async (sessionId: string, time = new Date()) =>
  expect((await botPost(testApp, '/api/bot/help-requests', { session_id: sessionId, name: 'Ann', email: 'ann@example.com', message: 'Call me', time: time.toISOString() })).status).toBe(200);

type Badges = Pick<HistoryRow, 'id' | 'rating' | 'help_request'>;
const badges = (rows: readonly HistoryRow[]): Badges[] => rows.map(({ id, rating, help_request }) => ({ id, rating, help_request }));

/** The session's badges as its conversation, History's list and a filtered page show them: all three must agree. */
async function badgesOf(sessionId: string): Promise<Badges[]> {
  const conversation = badges((await viewer.get(`/api/history/${sessionId}`)).body.data?.rows as unknown as HistoryRow[]);
  const ids = new Set(conversation.map((row) => row.id));
  const listed = badges((await viewer.get('/api/all-history/0')).body.data?.rows as unknown as HistoryRow[]).filter((row) => ids.has(row.id));
  const filtered = badges((await viewer.get('/api/all-history/0?from=2000-01-01')).body.data?.rows as unknown as HistoryRow[]).filter((row) => ids.has(row.id));
  expect(listed.toReversed()).toEqual(conversation);
  expect(filtered).toEqual(listed);
  return conversation;
}

const idsUnder = async (query: string): Promise<number[]> =>
  ((await viewer.get(`/api/all-history/0${query}`)).body.data?.rows as unknown as HistoryRow[]).map((row) => row.id);

describe("History's badges kept on its rows", () => {
  it("show an answer's latest thumb: a rating, a later one, and the public chat's replacement in place", async () => {
    const session = newSessionId();
    const first = await exchange(session);
    const second = await exchange(session);
    expect(await badgesOf(session)).toEqual([
      { id: first, rating: null, help_request: false },
      { id: second, rating: null, help_request: false },
    ]);
    await rate(first, 'up');
    await rate(first, 'down');
    await rate(second, 'up');
    expect((await badgesOf(session)).map((row) => row.rating)).toEqual(['down', 'up']);
    // The rating filter finds the answers whose latest thumb it is, as their badge shows.
    expect(await idsUnder('?rating=down')).toContain(first);
    expect(await idsUnder('?rating=up')).not.toContain(first);
    expect(await idsUnder('?rating=up')).toContain(second);
    await testApp.db.transaction((tx) => rateAnswerOnce(tx, { history_id: second, rating: 'down', time: new Date(), country: '' }));
    expect((await badgesOf(session)).map((row) => row.rating)).toEqual(['down', 'down']);
  });

  it("mark a session's exchanges once it asked for help, those before the request and those after, and no other session's", async () => {
    const session = newSessionId();
    const other = newSessionId();
    const before = await exchange(session);
    const elsewhere = await exchange(other);
    await askForHelp(session);
    const after = await exchange(session);
    expect(await badgesOf(session)).toEqual([
      { id: before, rating: null, help_request: true },
      { id: after, rating: null, help_request: true },
    ]);
    expect(await badgesOf(other)).toEqual([{ id: elsewhere, rating: null, help_request: false }]);
    expect(await idsUnder('?help_request=true')).toEqual(expect.arrayContaining([before, after]));
    expect(await idsUnder('?help_request=true')).not.toContain(elsewhere);
    expect(await idsUnder('?help_request=false')).toContain(elsewhere);
  });

  it("follow the retention's deletes: the thumb falls back to the rating left, the help badge goes with the session's last request", async () => {
    const session = newSessionId();
    const answer = await exchange(session);
    await rate(answer, 'up', new Date(Date.now() - 30 * DAY_MS));
    await rate(answer, 'down', new Date(Date.now() - 20 * DAY_MS));
    await askForHelp(session, new Date(Date.now() - 20 * DAY_MS));
    await askForHelp(session, new Date(Date.now() - 10 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: 'down', help_request: true }]);

    // The latest rating is older than the cut-off, the earlier one is not: ratings are deleted oldest first, by time.
    await purgeFeedbackBefore(testApp.db, new Date(Date.now() - 25 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: 'down', help_request: true }]);
    await purgeFeedbackBefore(testApp.db, new Date(Date.now() - 15 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: null, help_request: true }]);

    await purgeHelpRequestsBefore(testApp.db, new Date(Date.now() - 15 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: null, help_request: true }]);
    await purgeHelpRequestsBefore(testApp.db, new Date(Date.now() - 5 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: null, help_request: false }]);
  });

  it('fall back to the earlier thumb when only the latest rating goes', async () => {
    const session = newSessionId();
    const answer = await exchange(session);
    await rate(answer, 'up', new Date(Date.now() - 10 * DAY_MS));
    await rate(answer, 'down', new Date(Date.now() - 40 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: 'down', help_request: false }]);
    await purgeFeedbackBefore(testApp.db, new Date(Date.now() - 30 * DAY_MS));
    expect(await badgesOf(session)).toEqual([{ id: answer, rating: 'up', help_request: false }]);
  });

  it('are filled by migration 3342 from the ratings and help requests stored before it', async () => {
    const session = newSessionId();
    const rated = await exchange(session);
    const unrated = await exchange(session);
    await rate(rated, 'down');
    await rate(rated, 'up');
    await askForHelp(session);
    await testApp.db.execute(sql`UPDATE history SET rating = NULL, help_request = false WHERE session_id = ${session}`);
    for (const statement of HISTORY_BADGES_FILL) await testApp.db.execute(sql.raw(statement));
    expect(await badgesOf(session)).toEqual([
      { id: rated, rating: 'up', help_request: true },
      { id: unrated, rating: null, help_request: true },
    ]);
  });
});
