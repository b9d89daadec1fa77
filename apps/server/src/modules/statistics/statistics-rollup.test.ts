import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATISTICS_PERIODS, STATISTICS_SERIES, type StatisticsRow } from '@steward/contract/statistics';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { planStatistics, type TimeRange } from './statistics-periods.ts';
import { rebuildStatisticsRollup } from './statistics-recount.repository.ts';
import { buildStatisticsRow } from './statistics-report.ts';
import { countStatistics } from './statistics.repository.ts';
import { addExchange, addFeedback, addSession, clearStatisticsData } from '../../test/statistics-test-data.ts';
import { seededRandom } from '../../test/seeded-random.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const NOW = Date.parse('2026-11-21T10:17:00Z');
const DAY = 86_400_000;

interface RawData {
  sessions: number[];
  questions: number[];
  ups: number[];
  downs: number[];
}

type RandomEvent =
  | { kind: 'session'; sessionId: string; time: number }
  | { kind: 'exchange'; sessionId: string; time: number; key: string }
  | { kind: 'rating'; sessionId: string; time: number; exchange: string; rating: 'up' | 'down' };

/** Sessions, their exchanges and ratings at random moments over two and a half years, to the second. */
function randomEvents(seed: number, sessionCount: number): { raw: RawData; events: RandomEvent[]; random: () => number } {
  const random = seededRandom(seed);
  const raw: RawData = { sessions: [], questions: [], ups: [], downs: [] };
  const events: RandomEvent[] = [];
  for (let index = 0; index < sessionCount; index += 1) {
    // Two and a half years back, a few into tomorrow; to the second, so part-hours matter.
    const started = NOW - Math.floor(random() * 900 * DAY) + DAY / 2;
    const sessionId = `random-${seed}-${index}`;
    raw.sessions.push(started);
    events.push({ kind: 'session', sessionId, time: started });
    let time = started;
    const exchanges = 1 + Math.floor(random() * 4);
    for (let exchange = 0; exchange < exchanges; exchange += 1) {
      raw.questions.push(time);
      const key = `${sessionId}-${exchange}`;
      events.push({ kind: 'exchange', sessionId, time, key });
      const rating = random();
      if (rating < 0.35) {
        const feedbackTime = time + Math.floor(random() * 3_600_000);
        const up = rating < 0.2;
        (up ? raw.ups : raw.downs).push(feedbackTime);
        events.push({ kind: 'rating', sessionId, time: feedbackTime, exchange: key, rating: up ? 'up' : 'down' });
      }
      time += Math.floor(random() * 40 * 60_000);
    }
  }
  return { raw, events, random };
}

/** The events as rows, without the statistics (the repair derives those). */
async function insertRawRows(db: Db, events: readonly RandomEvent[]): Promise<void> {
  const iso = (time: number) => new Date(time).toISOString();
  const sessionValues = events.flatMap((event) =>
    event.kind === 'session' ? [sql`(${event.sessionId}, ${iso(event.time)}::timestamptz, ${iso(event.time)}::timestamptz, 0)`] : [],
  );
  const historyValues = events.flatMap((event) =>
    event.kind === 'exchange' ? [sql`(${event.sessionId}, 'q', 'a', ${iso(event.time)}::timestamptz)`] : [],
  );
  const feedbackValues = events.flatMap((event) =>
    event.kind === 'rating' ? [sql`(${event.sessionId}, 'q', 'a', ${event.rating}, ${iso(event.time)}::timestamptz)`] : [],
  );
  await db.execute(sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ${sql.join(sessionValues, sql`, `)}`);
  await db.execute(sql`INSERT INTO history (session_id, user_message, api_response, time) VALUES ${sql.join(historyValues, sql`, `)}`);
  await db.execute(sql`INSERT INTO feedback (session_id, user_message, api_response, rating, time) VALUES ${sql.join(feedbackValues, sql`, `)}`);
}

/** The events through the writers the bot API uses, each in its own transaction, in the order given. */
async function writeEvents(db: Db, events: readonly RandomEvent[], historyIds: Map<string, number>): Promise<void> {
  for (const event of events) {
    if (event.kind === 'session') await addSession(db, event.sessionId, new Date(event.time));
    else if (event.kind === 'exchange') historyIds.set(event.key, await addExchange(db, event.sessionId, new Date(event.time)));
    else await addFeedback(db, historyIds.get(event.exchange) ?? 0, event.sessionId, event.rating, new Date(event.time));
  }
}

function shuffled<Item>(items: readonly Item[], random: () => number): Item[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
  }
  return copy;
}

/** The statistics row computed straight from the raw times, without the rollup. */
function rawStatisticsRow(raw: RawData, period: (typeof STATISTICS_PERIODS)[number], offset: number): StatisticsRow {
  const firstData = Math.min(...raw.sessions, ...raw.questions, ...raw.ups, ...raw.downs);
  const plan = planStatistics(period, offset, NOW, Math.floor(firstData / 900_000) * 900_000);
  const count = (times: number[], range: TimeRange | undefined) =>
    range ? times.filter((time) => time >= range.from && time < range.to).length : 0;
  const sessions = plan.buckets.map((bucket) => ({ date: bucket.date, session_count: count(raw.sessions, bucket) }));
  const feedback = plan.buckets.map((bucket) => ({
    date: bucket.date,
    up_count: count(raw.ups, bucket),
    down_count: count(raw.downs, bucket),
  }));
  const series = STATISTICS_SERIES[period];
  const allTime = period === 'All Time';
  const only = <Bucket>(name: string, buckets: Bucket[]) => (series === name || (allTime && name === 'month') ? buckets : []);
  // All Time's years: the raw times counted in each local year the months cover.
  const years = [...new Set(plan.buckets.map((bucket) => bucket.date.slice(0, 4)))].map((year) => {
    const months = plan.buckets.filter((bucket) => bucket.date.startsWith(year));
    return { date: year, from: months[0]?.from ?? 0, to: months.at(-1)?.to ?? 0 };
  });
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
    sessions_by_year: allTime ? years.map((year) => ({ date: year.date, session_count: count(raw.sessions, year) })) : [],
    feedback_by_day: only('day', feedback),
    feedback_by_week: only('week', feedback),
    feedback_by_month: only('month', feedback),
    feedback_by_year: allTime ? years.map((year) => ({ date: year.date, up_count: count(raw.ups, year), down_count: count(raw.downs, year) })) : [],
  };
}

const OFFSETS = [0, 5.5, -9.5, 5.75, -3, 14, -14, 5.1];

async function expectRawCounts(db: Db, raw: RawData): Promise<void> {
  for (const offset of OFFSETS) {
    for (const period of STATISTICS_PERIODS) {
      const fromRollup = await buildStatisticsRow(db, period, offset, NOW);
      expect(fromRollup, `${period} at ${offset}`).toEqual(rawStatisticsRow(raw, period, offset));
    }
  }
}

const storedStatistics = async (db: Db) => ({
  quarters: await sqlRows<Record<string, unknown>>(db, sql`SELECT quarter, sessions, questions, up_ratings, down_ratings FROM statistics_rollup_quarter ORDER BY quarter`),
  totals: await sqlRows<Record<string, unknown>>(db, sql`SELECT upto, sessions, questions, up_ratings, down_ratings FROM statistics_totals ORDER BY upto`),
});

/** Running totals that differ from the sums of the quarter hours before them (none, when they hold). */
const wrongTotals = (db: Db) =>
  sqlRows<Record<string, unknown>>(
    db,
    sql`SELECT t.upto FROM statistics_totals t
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(sessions), 0) AS sessions, coalesce(sum(questions), 0) AS questions,
                  coalesce(sum(up_ratings), 0) AS up_ratings, coalesce(sum(down_ratings), 0) AS down_ratings
             FROM statistics_rollup_quarter q WHERE q.quarter < t.upto) s
        WHERE (t.sessions, t.questions, t.up_ratings, t.down_ratings) IS DISTINCT FROM (s.sessions, s.questions, s.up_ratings, s.down_ratings)`,
  );

describe('statistics rollup', () => {
  it('answers exactly what the raw rows say, for every period in whole, half and quarter hour offsets, and one of 5 h 6 min', async () => {
    await clearStatisticsData(testApp.db);
    const { raw, events } = randomEvents(20_261_121, 400);
    await insertRawRows(testApp.db, events);
    expect(await rebuildStatisticsRollup(testApp.db)).toBeGreaterThan(300);
    await expectRawCounts(testApp.db, raw);
  });

  it('stays exact when the writers get every row in a random order, late ones too', async () => {
    await clearStatisticsData(testApp.db);
    const { raw, events, random } = randomEvents(20_261_125, 150);
    // A rating needs its exchange's row, so ratings come last; their times are as shuffled as the rest.
    const order = [...shuffled(events.filter((event) => event.kind !== 'rating'), random), ...shuffled(events.filter((event) => event.kind === 'rating'), random)];
    const half = Math.floor(order.length / 2);
    const historyIds = new Map<string, number>();
    await writeEvents(testApp.db, order.slice(0, half), historyIds);
    expect(await wrongTotals(testApp.db)).toEqual([]);
    await writeEvents(testApp.db, order.slice(half), historyIds);
    expect(await wrongTotals(testApp.db)).toEqual([]);
    // Totals are derived as quarters open, so most of history is read from them, not from the rollup.
    const { quarters, totals } = await storedStatistics(testApp.db);
    expect(totals.length).toBeGreaterThan(quarters.length / 4);
    await expectRawCounts(testApp.db, raw);
  });

  it('stays exact when writers run at once (on PostgreSQL, in transactions that overlap)', async () => {
    await clearStatisticsData(testApp.db);
    const { raw, events, random } = randomEvents(20_261_126, 60);
    const sessionsAndExchanges = shuffled(events.filter((event) => event.kind !== 'rating'), random);
    const historyIds = new Map<string, number>();
    await Promise.all(sessionsAndExchanges.map((event) => writeEvents(testApp.db, [event], historyIds)));
    await Promise.all(shuffled(events.filter((event) => event.kind === 'rating'), random).map((event) => writeEvents(testApp.db, [event], historyIds)));
    expect(await wrongTotals(testApp.db)).toEqual([]);
    await expectRawCounts(testApp.db, raw);
  });

  it('drops the totals past a quarter written late, and derives them again when a later quarter opens', async () => {
    await clearStatisticsData(testApp.db);
    const times = ['2026-11-20T10:05:00Z', '2026-11-20T10:20:00Z', '2026-11-20T10:35:00Z', '2026-11-20T10:50:00Z'];
    for (const [index, time] of times.entries()) await addSession(testApp.db, `late-${index}`, new Date(time));
    const uptos = async () => (await storedStatistics(testApp.db)).totals.map((row) => new Date(row.upto as string).toISOString());
    // Each quarter that opened derived the totals of the quarters before it; the newest one is read from the rollup.
    expect(await uptos()).toEqual(['2026-11-20T10:15:00.000Z', '2026-11-20T10:30:00.000Z', '2026-11-20T10:45:00.000Z']);
    await addSession(testApp.db, 'late-4', new Date('2026-11-20T10:25:00Z'));
    expect(await uptos()).toEqual(['2026-11-20T10:15:00.000Z']);
    expect(await wrongTotals(testApp.db)).toEqual([]);
    const day = { from: Date.parse('2026-11-20T00:00:00Z'), to: Date.parse('2026-11-21T00:00:00Z') };
    expect((await countStatistics(testApp.db, [day])).counts[0]?.sessions).toBe(5);
    await addSession(testApp.db, 'late-5', new Date('2026-11-20T11:01:00Z'));
    expect(await uptos()).toEqual(['2026-11-20T10:15:00.000Z', '2026-11-20T10:30:00.000Z', '2026-11-20T10:45:00.000Z', '2026-11-20T11:00:00.000Z']);
    expect(await wrongTotals(testApp.db)).toEqual([]);
    expect((await countStatistics(testApp.db, [day])).counts[0]?.sessions).toBe(6);
  });

  it('is rebuilt by the repair to exactly what the writers keep up to date', async () => {
    await clearStatisticsData(testApp.db);
    const times = ['2024-02-29T12:00:00Z', '2026-02-28T23:59:59Z', '2026-11-20T18:29:59Z', '2026-11-20T18:30:00Z'];
    for (const [index, time] of times.entries()) {
      await addSession(testApp.db, `kept-${index}`, new Date(time));
      const historyId = await addExchange(testApp.db, `kept-${index}`, new Date(time));
      await addExchange(testApp.db, `kept-${index}`, new Date(Date.parse(time) + 90_000));
      await addFeedback(testApp.db, historyId, `kept-${index}`, index % 2 ? 'up' : 'down', new Date(Date.parse(time) + 120_000));
    }
    const kept = await storedStatistics(testApp.db);
    // 18:29:59 and 18:30:00 fall in different quarters; 23:59:59 + 90 s is the next quarter, hour and day.
    expect(kept.quarters.map((row) => Number(row.questions))).toEqual([2, 1, 1, 1, 3]);
    expect(kept.totals).toHaveLength(4);
    await testApp.db.execute(sql`UPDATE statistics_rollup_quarter SET sessions = sessions + 7`);
    await testApp.db.execute(sql`DELETE FROM statistics_totals WHERE upto > '2026-01-01'`);
    await testApp.db.execute(sql`UPDATE statistics_totals SET up_ratings = up_ratings + 3`);
    expect(await rebuildStatisticsRollup(testApp.db)).toBe(5);
    const rebuilt = await storedStatistics(testApp.db);
    expect(rebuilt.quarters).toEqual(kept.quarters);
    // The repair derives every quarter's total; the writers had derived all but the newest quarter's.
    expect(rebuilt.totals.slice(0, kept.totals.length)).toEqual(kept.totals);
    expect(rebuilt.totals).toHaveLength(kept.quarters.length);
    expect(await wrongTotals(testApp.db)).toEqual([]);
  });
});

describe('totals kept between reads', () => {
  const at = (time: string) => new Date(time);
  const range = (from: string, to: string): TimeRange => ({ from: Date.parse(from), to: Date.parse(to) });
  const sessionsIn = async (...ranges: TimeRange[]) => (await countStatistics(testApp.db, ranges)).counts.map((count) => count.sessions);
  const day19 = range('2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z');
  const day20 = range('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z');

  it('are kept for moments up to the newest quarter hour, and read again after a late write or the repair, whichever server wrote', async () => {
    await clearStatisticsData(testApp.db);
    for (const [index, time] of ['2026-11-19T10:00:00Z', '2026-11-20T10:00:00Z', '2026-11-21T09:00:00Z'].entries()) {
      await addSession(testApp.db, `settled-${index}`, at(time));
    }
    expect(await sessionsIn(day19, day20)).toEqual([1, 1]);
    // Changed behind the writers' back, the totals at 21 Nov 00:00 would read 100 more: the kept ones show instead.
    await testApp.db.execute(sql`UPDATE statistics_totals SET sessions = sessions + 100 WHERE upto > '2026-11-20T00:00:00Z'`);
    expect(await sessionsIn(day19, day20)).toEqual([1, 1]);
    // A message reported late (by this server or another: the revision is read with the totals) revises them.
    await addSession(testApp.db, 'settled-late', at('2026-11-19T12:00:00Z'));
    expect(await sessionsIn(day19, day20)).toEqual([2, 1]);
    expect(await wrongTotals(testApp.db)).toEqual([]);
    await clearStatisticsData(testApp.db);
    expect(await sessionsIn(day19, day20)).toEqual([0, 0]);
    await addSession(testApp.db, 'settled-counted', at('2026-11-19T10:00:00Z'));
    await addSession(testApp.db, 'settled-newest', at('2026-11-21T09:00:00Z'));
    expect(await sessionsIn(day19, day20)).toEqual([1, 0]);
    // A session row the writers never counted: the repair counts it.
    await testApp.db.execute(
      sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ('settled-uncounted', '2026-11-20T11:00:00Z', '2026-11-20T11:00:00Z', 0)`,
    );
    expect(await rebuildStatisticsRollup(testApp.db)).toBe(3);
    expect(await sessionsIn(day19, day20)).toEqual([1, 1]);
  });

  it('answer what the rows say after readers ran among writers (on PostgreSQL, in transactions that overlap)', async () => {
    await clearStatisticsData(testApp.db);
    const { raw, events, random } = randomEvents(20_261_127, 60);
    const historyIds = new Map<string, number>();
    const readAll = () => Promise.all(STATISTICS_PERIODS.map((period) => buildStatisticsRow(testApp.db, period, 5.5, NOW)));
    // Every third write reads every period first, so reads keep totals while late writes revise them.
    const writeAmongReads = (batch: readonly RandomEvent[]) =>
      Promise.all(batch.map((event, index) => (index % 3 === 0 ? readAll() : Promise.resolve()).then(() => writeEvents(testApp.db, [event], historyIds))));
    await writeAmongReads(shuffled(events.filter((event) => event.kind !== 'rating'), random));
    await writeAmongReads(shuffled(events.filter((event) => event.kind === 'rating'), random));
    await expectRawCounts(testApp.db, raw);
  });

  it('are answered after the fingerprint alone while nothing was written, and read again after a write in the newest quarter hour, a newer or a late one, or the repair', async () => {
    await clearStatisticsData(testApp.db);
    await addSession(testApp.db, 'print-0', at('2026-11-21T09:00:00Z'));
    const today = range('2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z');
    await sessionsIn(today);
    const statements = vi.spyOn(testApp.db, 'execute');
    const readToday = async () => {
      statements.mockClear();
      const [sessions] = await sessionsIn(today);
      return { sessions, statements: statements.mock.calls.length };
    };
    try {
      expect(await readToday()).toEqual({ sessions: 1, statements: 1 });
      await addSession(testApp.db, 'print-newest', at('2026-11-21T09:05:00Z'));
      expect(await readToday()).toEqual({ sessions: 2, statements: 2 });
      expect(await readToday()).toEqual({ sessions: 2, statements: 1 });
      await addSession(testApp.db, 'print-newer', at('2026-11-21T10:00:00Z'));
      expect(await readToday()).toEqual({ sessions: 3, statements: 2 });
      await addSession(testApp.db, 'print-late', at('2026-11-21T08:00:00Z'));
      expect(await readToday()).toEqual({ sessions: 4, statements: 2 });
      await testApp.db.execute(
        sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ('print-uncounted', '2026-11-21T11:00:00Z', '2026-11-21T11:00:00Z', 0)`,
      );
      expect(await rebuildStatisticsRollup(testApp.db)).toBeGreaterThan(0);
      expect(await readToday()).toEqual({ sessions: 5, statements: 2 });
      expect(await readToday()).toEqual({ sessions: 5, statements: 1 });
    } finally {
      statements.mockRestore();
    }
  });

  it('are not kept for moments past the start of the newest quarter hour, which writes in it still change', async () => {
    await clearStatisticsData(testApp.db);
    await addSession(testApp.db, 'newest-0', at('2026-11-21T09:00:00Z'));
    const today = range('2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z');
    // 09:10 is inside the newest quarter hour (09:00-09:15): its totals count the raw rows of 09:00-09:10.
    const morning = range('2026-11-21T00:00:00Z', '2026-11-21T09:10:00Z');
    expect(await sessionsIn(today, morning)).toEqual([1, 1]);
    await addSession(testApp.db, 'newest-1', at('2026-11-21T09:05:00Z'));
    expect(await sessionsIn(today, morning)).toEqual([2, 2]);
    await addSession(testApp.db, 'newest-2', at('2026-11-21T09:20:00Z'));
    expect(await sessionsIn(today, morning)).toEqual([3, 2]);
    // 09:15 is now the newest quarter: 09:10 may be kept, and a write before it revises the past.
    await addSession(testApp.db, 'newest-3', at('2026-11-21T09:07:00Z'));
    expect(await sessionsIn(today, morning)).toEqual([4, 3]);
  });
});
