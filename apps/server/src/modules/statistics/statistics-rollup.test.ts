import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_PERIODS, STATISTICS_SERIES, type StatisticsRow } from '@steward/contract/statistics';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { planStatistics, type TimeRange } from './statistics-periods.ts';
import { rebuildStatisticsRollup } from './statistics-rollup-rebuild.ts';
import { buildStatisticsRow } from './statistics-report.ts';
import { addExchange, addFeedback, addSession, clearStatisticsData } from '../../test/statistics-test-data.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const NOW = Date.parse('2026-11-21T10:17:00Z');
const DAY = 86_400_000;

/** mulberry32: the same "random" data on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface RawData {
  sessions: number[];
  questions: number[];
  ups: number[];
  downs: number[];
}

async function insertRandomRawRows(db: Db, seed: number): Promise<RawData> {
  const random = seededRandom(seed);
  const raw: RawData = { sessions: [], questions: [], ups: [], downs: [] };
  const sessionValues = [];
  const historyValues = [];
  const feedbackValues = [];
  for (let index = 0; index < 400; index += 1) {
    // Two and a half years back, a few into tomorrow; to the second, so part-hours matter.
    const started = NOW - Math.floor(random() * 900 * DAY) + DAY / 2;
    const sessionId = `random-${seed}-${index}`;
    raw.sessions.push(started);
    sessionValues.push(sql`(${sessionId}, ${new Date(started).toISOString()}::timestamptz, ${new Date(started).toISOString()}::timestamptz, 0)`);
    let time = started;
    const exchanges = 1 + Math.floor(random() * 4);
    for (let exchange = 0; exchange < exchanges; exchange += 1) {
      raw.questions.push(time);
      historyValues.push(sql`(${sessionId}, 'q', 'a', ${new Date(time).toISOString()}::timestamptz)`);
      const rating = random();
      if (rating < 0.35) {
        const feedbackTime = time + Math.floor(random() * 3_600_000);
        const up = rating < 0.2;
        (up ? raw.ups : raw.downs).push(feedbackTime);
        feedbackValues.push(sql`(${sessionId}, 'q', 'a', ${up ? 'up' : 'down'}, ${new Date(feedbackTime).toISOString()}::timestamptz)`);
      }
      time += Math.floor(random() * 40 * 60_000);
    }
  }
  await db.execute(sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ${sql.join(sessionValues, sql`, `)}`);
  await db.execute(sql`INSERT INTO history (session_id, user_message, api_response, time) VALUES ${sql.join(historyValues, sql`, `)}`);
  await db.execute(sql`INSERT INTO feedback (session_id, user_message, api_response, rating, time) VALUES ${sql.join(feedbackValues, sql`, `)}`);
  return raw;
}

/** The statistics row computed straight from the raw times, without the rollup. */
function rawStatisticsRow(raw: RawData, period: (typeof STATISTICS_PERIODS)[number], offset: number): StatisticsRow {
  const firstData = Math.min(...raw.sessions, ...raw.questions, ...raw.ups, ...raw.downs);
  const plan = planStatistics(period, offset, NOW, Math.floor(firstData / 3_600_000) * 3_600_000);
  const count = (times: number[], range: TimeRange | undefined) =>
    range ? times.filter((time) => time >= range.from && time < range.to).length : 0;
  const sessions = plan.buckets.map((bucket) => ({ date: bucket.date, session_count: count(raw.sessions, bucket) }));
  const feedback = plan.buckets.map((bucket) => ({
    date: bucket.date,
    up_count: count(raw.ups, bucket),
    down_count: count(raw.downs, bucket),
  }));
  const series = STATISTICS_SERIES[period];
  const only = <Bucket>(name: string, buckets: Bucket[]) => (series === name ? buckets : []);
  return {
    current_sessions: count(raw.sessions, plan.current),
    previous_sessions: count(raw.sessions, plan.previous),
    questions_answered_current: count(raw.questions, plan.current),
    questions_answered_previous: count(raw.questions, plan.previous),
    satisfactory_answers_current: count(raw.ups, plan.current),
    satisfactory_answers_previous: count(raw.ups, plan.previous),
    unsatisfactory_answers_current: count(raw.downs, plan.current),
    unsatisfactory_answers_previous: count(raw.downs, plan.previous),
    sessions_by_day: only('day', sessions),
    sessions_by_week: only('week', sessions),
    sessions_by_month: only('month', sessions),
    sessions_by_year: only('year', sessions),
    feedback_by_day: only('day', feedback),
    feedback_by_week: only('week', feedback),
    feedback_by_month: only('month', feedback),
    feedback_by_year: only('year', feedback),
  };
}

const rollupRows = async (db: Db) => ({
  hourly: await sqlRows<Record<string, unknown>>(db, sql`SELECT hour, sessions, questions, up_ratings, down_ratings FROM statistics_rollup ORDER BY hour`),
  quarters: await sqlRows<Record<string, unknown>>(db, sql`SELECT quarter, sessions, questions, up_ratings, down_ratings FROM statistics_rollup_quarter ORDER BY quarter`),
  daily: await sqlRows<Record<string, unknown>>(db, sql`SELECT day, sessions, questions, up_ratings, down_ratings FROM statistics_rollup_daily ORDER BY day`),
  monthly: await sqlRows<Record<string, unknown>>(db, sql`SELECT month, sessions, questions, up_ratings, down_ratings FROM statistics_rollup_monthly ORDER BY month`),
});

describe('statistics rollup', () => {
  it('answers exactly what the raw rows say, for every period in whole, half and quarter hour offsets, and one of 5 h 6 min', async () => {
    await clearStatisticsData(testApp.db);
    const raw = await insertRandomRawRows(testApp.db, 20_261_121);
    expect(await rebuildStatisticsRollup(testApp.db)).toBeGreaterThan(300);
    for (const offset of [0, 5.5, -9.5, 5.75, -3, 14, -14, 5.1]) {
      for (const period of STATISTICS_PERIODS) {
        const fromRollup = await buildStatisticsRow(testApp.db, period, offset, NOW);
        expect(fromRollup, `${period} at ${offset}`).toEqual(rawStatisticsRow(raw, period, offset));
      }
    }
  });

  it('is rebuilt by the repair to exactly what the writers keep up to date', async () => {
    await clearStatisticsData(testApp.db);
    const times = ['2026-11-20T18:29:59Z', '2026-11-20T18:30:00Z', '2026-02-28T23:59:59Z', '2024-02-29T12:00:00Z'];
    for (const [index, time] of times.entries()) {
      await addSession(testApp.db, `kept-${index}`, new Date(time));
      const historyId = await addExchange(testApp.db, `kept-${index}`, new Date(time));
      await addExchange(testApp.db, `kept-${index}`, new Date(Date.parse(time) + 90_000));
      await addFeedback(testApp.db, historyId, `kept-${index}`, index % 2 ? 'up' : 'down', new Date(Date.parse(time) + 120_000));
    }
    const kept = await rollupRows(testApp.db);
    // 18:29:59 and 18:30:00 share an hour; 23:59:59 + 90 s is the next hour and the next day.
    expect(kept.hourly).toHaveLength(4);
    // 18:29:59 and 18:30:00 fall in different quarters.
    expect(kept.quarters.length).toBeGreaterThan(kept.hourly.length);
    expect(kept.daily.map((row) => Number(row.questions))).toEqual([2, 1, 1, 4]);
    // February 2024, February 2026 (23:59:59 + 90 s is 1 March), March 2026, November 2026.
    expect(kept.monthly.map((row) => Number(row.questions))).toEqual([2, 1, 1, 4]);
    await testApp.db.execute(sql`UPDATE statistics_rollup SET sessions = sessions + 7`);
    await testApp.db.execute(sql`UPDATE statistics_rollup_daily SET questions = 0`);
    await testApp.db.execute(sql`DELETE FROM statistics_rollup_quarter`);
    await testApp.db.execute(sql`UPDATE statistics_rollup_monthly SET up_ratings = up_ratings + 3`);
    await rebuildStatisticsRollup(testApp.db);
    expect(await rollupRows(testApp.db)).toEqual(kept);
  });
});
