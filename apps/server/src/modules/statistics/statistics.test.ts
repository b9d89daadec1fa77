import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATISTICS_MESSAGES, type StatisticsPeriod, type StatisticsRow } from '@steward/contract/statistics';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildStatisticsRow } from './statistics-report.ts';
import { addExchange, addFeedback, addSession, clearStatisticsData } from '../../test/statistics-test-data.ts';

let testApp: TestApp;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
});
afterAll(() => testApp.close());

// Only Date is pinned: the HTTP stack keeps its real timers.
const NOW = '2026-11-21T10:00:00Z';
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  await clearStatisticsData(testApp.db);
});
afterEach(() => vi.useRealTimers());

const statistics = async (period: string, offset: number | string): Promise<StatisticsRow> => {
  const answer = await viewer.get(`/api/statistics/${encodeURIComponent(period)}/${offset}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.rows[0] as unknown as StatisticsRow;
};

let sessionNumber = 0;
/** A session with one exchange and, optionally, a rating, all at `time`. */
async function exchangeAt(time: string, rating?: 'up' | 'down'): Promise<void> {
  sessionNumber += 1;
  const sessionId = `session-${sessionNumber}`;
  await addSession(testApp.db, sessionId, new Date(time));
  const historyId = await addExchange(testApp.db, sessionId, new Date(time));
  if (rating) await addFeedback(testApp.db, historyId, sessionId, rating, new Date(time));
}

describe('GET /api/statistics/{period}/{timezoneOffsetHours}', () => {
  it('needs a login', async () => {
    expect((await testApp.client().get('/api/statistics/Past%20Week/0')).status).toBe(401);
  });

  it('refuses an unknown period and an offset out of range with a clear message', async () => {
    const unknown = await viewer.get('/api/statistics/Past%20Decade/0');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(STATISTICS_MESSAGES.unknownPeriod);
    for (const offset of ['15', '-14.5', 'abc', 'Infinity']) {
      const answer = await viewer.get(`/api/statistics/Past%20Week/${offset}`);
      expect(answer.status, offset).toBe(400);
      expect(answer.body.error?.message).toBe(STATISTICS_MESSAGES.offsetInvalid);
    }
  });

  it('answers every field with zero buckets on an empty database', async () => {
    const row = await statistics('Past Week', 0);
    expect(row).toMatchObject({
      current_sessions: 0,
      previous_sessions: 0,
      questions_answered_current: 0,
      questions_answered_previous: 0,
      satisfactory_answers_current: 0,
      satisfactory_answers_previous: 0,
      unsatisfactory_answers_current: 0,
      unsatisfactory_answers_previous: 0,
      sessions_by_week: [],
      sessions_by_month: [],
      sessions_by_year: [],
      feedback_by_week: [],
      feedback_by_month: [],
      feedback_by_year: [],
    });
    expect(row.sessions_by_day.map((bucket) => bucket.session_count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(row.feedback_by_day.at(-1)).toEqual({ date: '2026-11-21', up_count: 0, down_count: 0 });
  });

  it.each([
    // offset, the viewer's midnight starting 2026-11-21 in UTC
    [0, '2026-11-21T00:00:00.000Z'],
    [5.5, '2026-11-20T18:30:00.000Z'],
    [-9.5, '2026-11-21T09:30:00.000Z'],
  ])('puts data right before and after local midnight in the right day at offset %s', async (offset, midnight) => {
    const midnightTime = Date.parse(midnight);
    await exchangeAt(new Date(midnightTime - 1000).toISOString(), 'down');
    await exchangeAt(new Date(midnightTime).toISOString(), 'up');
    await exchangeAt(new Date(midnightTime + 60_000).toISOString(), 'up');
    const row = await statistics('Past Week', offset);
    expect(row.sessions_by_day.slice(-2)).toEqual([
      { date: '2026-11-20', session_count: 1 },
      { date: '2026-11-21', session_count: 2 },
    ]);
    expect(row.feedback_by_day.slice(-2)).toEqual([
      { date: '2026-11-20', up_count: 0, down_count: 1 },
      { date: '2026-11-21', up_count: 2, down_count: 0 },
    ]);
    expect(row).toMatchObject({ current_sessions: 3, questions_answered_current: 3, satisfactory_answers_current: 2 });
    expect(row.unsatisfactory_answers_current).toBe(1);
  });

  it('compares the week with the one before, and leaves out the future', async () => {
    await exchangeAt('2026-11-14T23:59:59Z', 'up'); // previous week (Nov 8–14)
    await exchangeAt('2026-11-08T00:00:00Z', 'down'); // previous week's first second
    await exchangeAt('2026-11-07T23:59:59Z'); // before both
    await exchangeAt('2026-11-15T00:00:00Z'); // this week's first second
    await exchangeAt('2026-11-22T00:00:00Z'); // tomorrow
    const row = await statistics('Past Week', 0);
    expect(row).toMatchObject({
      current_sessions: 1,
      previous_sessions: 2,
      satisfactory_answers_previous: 1,
      unsatisfactory_answers_previous: 1,
      satisfactory_answers_current: 0,
    });
    expect(row.sessions_by_day[0]).toEqual({ date: '2026-11-15', session_count: 1 });
  });

  it('splits Past Month into weeks ending today, stepping back 7 days', async () => {
    await exchangeAt('2026-10-22T00:00:00Z'); // first second of the month
    await exchangeAt('2026-10-21T23:59:59Z'); // previous month
    await exchangeAt('2026-10-31T23:30:00Z', 'up'); // month end, in the week ending Oct 31
    await exchangeAt('2026-11-01T00:30:00Z', 'down'); // in the week ending Nov 7
    const row = await statistics('Past Month', 0);
    expect(row.sessions_by_week).toEqual([
      { date: '2026-10-24', session_count: 1 },
      { date: '2026-10-31', session_count: 1 },
      { date: '2026-11-07', session_count: 1 },
      { date: '2026-11-14', session_count: 0 },
      { date: '2026-11-21', session_count: 0 },
    ]);
    expect(row.feedback_by_week[1]).toEqual({ date: '2026-10-31', up_count: 1, down_count: 0 });
    expect(row).toMatchObject({ current_sessions: 3, previous_sessions: 1 });
  });

  it('answers 13 months for Past Year across the year boundary at +5:30', async () => {
    await exchangeAt('2025-12-31T18:29:00Z', 'up'); // Dec 31 23:59 local
    await exchangeAt('2025-12-31T18:30:00Z', 'down'); // Jan 1 00:00 local
    await exchangeAt('2025-10-31T18:29:00Z'); // Oct 31 23:59 local: before the period
    const row = await statistics('Past Year', 5.5);
    expect(row.sessions_by_month).toHaveLength(13);
    expect(row.sessions_by_month[0]).toEqual({ date: '2025-11', session_count: 0 });
    expect(row.feedback_by_month.find((bucket) => bucket.date === '2025-12')).toEqual({ date: '2025-12', up_count: 1, down_count: 0 });
    expect(row.feedback_by_month.find((bucket) => bucket.date === '2026-01')).toEqual({ date: '2026-01', up_count: 0, down_count: 1 });
    expect(row).toMatchObject({ current_sessions: 2, previous_sessions: 1 });
  });

  it('counts a leap day in its month and All Time by local year, with zero years kept', async () => {
    // Straight to the report: a session signed in at NOW would have expired by 2028.
    const at2028 = (period: StatisticsPeriod, offset: number) =>
      buildStatisticsRow(testApp.db, period, offset, Date.parse('2028-03-10T12:00:00Z'));
    await exchangeAt('2028-02-29T23:59:00Z', 'up');
    await exchangeAt('2025-06-01T00:00:00Z');
    const year = await at2028('Past Year', 0);
    expect(year.sessions_by_month.find((bucket) => bucket.date === '2028-02')?.session_count).toBe(1);
    const allTime = await at2028('All Time', -9.5);
    expect(allTime.sessions_by_year).toEqual([
      { date: '2025', session_count: 1 },
      { date: '2026', session_count: 0 },
      { date: '2027', session_count: 0 },
      { date: '2028', session_count: 1 },
    ]);
    expect(allTime).toMatchObject({ current_sessions: 2, previous_sessions: 0, satisfactory_answers_current: 1 });
    // The chart draws All Time by month: from the first data's month (local) to this one, each counted once.
    expect(allTime.sessions_by_month[0]).toEqual({ date: '2025-05', session_count: 1 });
    expect(allTime.sessions_by_month).toHaveLength(35);
    expect(allTime.sessions_by_month.find((bucket) => bucket.date === '2028-02')).toEqual({ date: '2028-02', session_count: 1 });
    expect(allTime.feedback_by_month.find((bucket) => bucket.date === '2028-02')).toEqual({ date: '2028-02', up_count: 1, down_count: 0 });
    expect(allTime.feedback_by_year.at(-1)).toEqual({ date: '2028', up_count: 1, down_count: 0 });
  });

  it('reads All Time in one statement once its first year is known (the fingerprint alone while nothing changed), and starts it earlier when older data arrives', async () => {
    await exchangeAt('2026-03-01T12:00:00Z');
    const statements = vi.spyOn(testApp.db, 'execute');
    try {
      expect((await buildStatisticsRow(testApp.db, 'All Time', 0)).sessions_by_year.map((bucket) => bucket.date)).toEqual(['2026']);
      statements.mockClear();
      expect((await buildStatisticsRow(testApp.db, 'All Time', 0)).current_sessions).toBe(1);
      expect(statements).toHaveBeenCalledTimes(1);

      // A session reported late, from two years back: the fingerprint says the kept totals are old (migration 3341),
      // the totals' statement reads the earlier start, and a third plans from it.
      await exchangeAt('2024-07-01T12:00:00Z', 'down');
      statements.mockClear();
      const allTime = await buildStatisticsRow(testApp.db, 'All Time', 0);
      expect(statements).toHaveBeenCalledTimes(3);
      expect(allTime.sessions_by_year).toEqual([
        { date: '2024', session_count: 1 },
        { date: '2025', session_count: 0 },
        { date: '2026', session_count: 1 },
      ]);
      expect(allTime).toMatchObject({ current_sessions: 2, unsatisfactory_answers_current: 1 });

      // Everything cleared: All Time is this year alone again.
      await clearStatisticsData(testApp.db);
      const empty = await buildStatisticsRow(testApp.db, 'All Time', 0);
      expect(empty.sessions_by_year).toEqual([{ date: '2026', session_count: 0 }]);
    } finally {
      statements.mockRestore();
    }
  });
});
