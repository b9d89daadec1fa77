import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES } from '@steward/contract/privacy';
import { sqlRows } from '../../db/sql-rows.ts';
import { newSessionId } from '../../test/bot-test-support.ts';
import { countersAndRows, seedVisitor, statisticsSums } from '../../test/privacy-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cleanUpAndRecord } from '../../worker/clean-up.ts';
import { rebuildStatisticsRollup, rowsCompleteSince } from '../statistics/statistics-recount.repository.ts';
import { purgeHistoryBefore } from './retention-purge.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ RETENTION_FEEDBACK_DAYS: '400' });
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const FOREVER = { history: null, feedback: null, helpRequests: null, auditLog: null };

const saveRetention = async (retention: Record<string, number | null>) => {
  const { client } = await testApp.signedInClient('admin');
  const answer = await client.post('/api/data-retention', { retention: { ...FOREVER, ...retention } });
  expect(answer.status).toBe(200);
};

const count = async (query: ReturnType<typeof sql>): Promise<number> =>
  Number((await sqlRows<{ count: number | string }>(testApp.db, query))[0]?.count ?? 0);

const retentionEntries = () =>
  sqlRows<{ details: Record<string, number>; actor_name: string | null }>(
    testApp.db,
    sql`SELECT details, actor_name FROM audit_log WHERE action = 'data_retention_purged' ORDER BY id`,
  );

describe('GET and POST /api/data-retention', () => {
  it('answers the environment defaults while nothing is saved, and the saved days after', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const before = await client.get('/api/data-retention');
    expect(before.status).toBe(200);
    expect(before.body.data?.rows).toEqual([
      { kind: 'history', days: null, default_days: null, saved: false },
      { kind: 'feedback', days: 400, default_days: 400, saved: false },
      { kind: 'helpRequests', days: null, default_days: null, saved: false },
      { kind: 'auditLog', days: 365, default_days: 365, saved: false },
    ]);
    await saveRetention({ history: 90, feedback: null, helpRequests: 3650, auditLog: 1 });
    const after = await client.get('/api/data-retention');
    expect(after.body.data?.rows).toEqual([
      { kind: 'history', days: 90, default_days: null, saved: true },
      { kind: 'feedback', days: null, default_days: 400, saved: true },
      { kind: 'helpRequests', days: 3650, default_days: null, saved: true },
      { kind: 'auditLog', days: 1, default_days: 365, saved: true },
    ]);
    await saveRetention({});
  });

  it.each([[0], [36501], [2.5], ['30'], [-1]])('refuses %j days with a clear 400', async (days) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/data-retention', { retention: { ...FOREVER, history: days } });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(RETENTION_MESSAGES.daysInvalid);
  });

  it('refuses a body without every kind', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/data-retention', { retention: { history: 30 } });
    expect(answer.status).toBe(400);
  });

  it('is saved only by holders of update_bot_settings, and audited', async () => {
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.post('/api/data-retention', { retention: FOREVER })).status).toBe(403);
    await saveRetention({ history: 30 });
    const [entry] = await sqlRows<{ details: Record<string, unknown> }>(
      testApp.db,
      sql`SELECT details FROM audit_log WHERE action = 'bot_settings_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry?.details).toEqual({ retentionHistoryDays: 30, retentionFeedbackDays: null, retentionHelpRequestsDays: null, retentionAuditLogDays: null });
    await saveRetention({});
  });
});

describe('the hourly clean-up deletes each kind past its retention', () => {
  it('keeps everything while every kind is kept for ever, and writes no entry', async () => {
    await saveRetention({});
    await seedVisitor(testApp, { sessionId: newSessionId(), email: 'forever@example.com', ip: '198.51.100.1', time: daysAgo(5000) });
    const entries = (await retentionEntries()).length;
    const counts = await cleanUpAndRecord(testApp.db, testApp.config);
    expect(counts).toMatchObject({ history: 0, chatSessions: 0, feedback: 0, helpRequests: 0, auditEntries: 0 });
    expect(await retentionEntries()).toHaveLength(entries);
  });

  it('deletes chat history (and its sessions) older than its days, keeps the recent, keeps the counters and statistics right', async () => {
    await saveRetention({});
    const old = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'old-history@example.com', ip: '198.51.100.2', time: daysAgo(40) });
    const recent = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'new-history@example.com', ip: '198.51.100.3', time: daysAgo(20) });
    const statistics = await statisticsSums(testApp.db);
    const historyBefore = await count(sql`SELECT count(*) AS count FROM history`);
    const olderThan30 = await count(sql`SELECT count(*) AS count FROM history WHERE time < now() - interval '30 days'`);
    await saveRetention({ history: 30 });

    const counts = await cleanUpAndRecord(testApp.db, testApp.config);

    expect(counts.history).toBe(olderThan30);
    expect(counts.feedback).toBe(0);
    expect(counts.helpRequests).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM history WHERE session_id = ${old.sessionId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM chat_sessions WHERE session_id = ${old.sessionId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM history WHERE session_id = ${recent.sessionId}`)).toBe(2);
    expect(await count(sql`SELECT count(*) AS count FROM history`)).toBe(historyBefore - olderThan30);
    // The rating of the deleted exchange is feedback: it stays (with its own retention), its link emptied.
    expect(await count(sql`SELECT count(*) AS count FROM feedback WHERE session_id = ${old.sessionId} AND history_id IS NULL`)).toBe(1);
    const { counters, rows } = await countersAndRows(testApp.db);
    expect(counters).toEqual(rows);
    expect(await statisticsSums(testApp.db)).toEqual(statistics);
    const entries = await retentionEntries();
    expect(entries.at(-1)).toMatchObject({ actor_name: 'Clean-up', details: { history: olderThan30, feedback: 0, helpRequests: 0 } });
    await saveRetention({});
  });

  it('deletes feedback older than its days', async () => {
    await saveRetention({});
    const old = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'old-feedback@example.com', ip: '198.51.100.4', time: daysAgo(15) });
    const recent = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'new-feedback@example.com', ip: '198.51.100.5', time: daysAgo(5) });
    const statistics = await statisticsSums(testApp.db);
    const expected = await count(sql`SELECT count(*) AS count FROM feedback WHERE time < now() - interval '10 days'`);
    await saveRetention({ feedback: 10 });

    const counts = await cleanUpAndRecord(testApp.db, testApp.config);

    expect(counts).toMatchObject({ feedback: expected, history: 0, helpRequests: 0 });
    expect(await count(sql`SELECT count(*) AS count FROM feedback WHERE session_id = ${old.sessionId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM feedback WHERE session_id = ${recent.sessionId}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS count FROM history WHERE session_id = ${old.sessionId}`)).toBe(2);
    const { counters, rows } = await countersAndRows(testApp.db);
    expect(counters).toEqual(rows);
    expect(await statisticsSums(testApp.db)).toEqual(statistics);
    expect((await retentionEntries()).at(-1)?.details).toMatchObject({ feedback: expected });
    await saveRetention({});
  });

  it('deletes help requests (and their replies) older than their days, pending or resolved', async () => {
    await saveRetention({});
    const old = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'old-help@example.com', ip: '198.51.100.6', time: daysAgo(8) });
    const recent = await seedVisitor(testApp, { sessionId: newSessionId(), email: 'new-help@example.com', ip: '198.51.100.7', time: daysAgo(6) });
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post(`/api/help-requests/${old.helpRequestId}/reply`, { message: 'We called.' })).status).toBeLessThan(300);
    expect((await client.post(`/api/help-requests/${old.helpRequestId}/resolve`, {})).status).toBeLessThan(300);
    const statistics = await statisticsSums(testApp.db);
    const expected = await count(sql`SELECT count(*) AS count FROM help_requests WHERE time < now() - interval '7 days'`);
    await saveRetention({ helpRequests: 7 });

    const counts = await cleanUpAndRecord(testApp.db, testApp.config);

    expect(counts).toMatchObject({ helpRequests: expected, history: 0, feedback: 0 });
    expect(await count(sql`SELECT count(*) AS count FROM help_requests WHERE id = ${old.helpRequestId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM help_request_replies WHERE help_request_id = ${old.helpRequestId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM help_requests WHERE id = ${recent.helpRequestId}`)).toBe(1);
    const { counters, rows } = await countersAndRows(testApp.db);
    expect(counters).toEqual(rows);
    expect(await statisticsSums(testApp.db)).toEqual(statistics);
    await saveRetention({});
  });

  it('deletes audit entries older than the saved days rather than AUDIT_RETENTION_DAYS, and records the run after them', async () => {
    await saveRetention({});
    await testApp.db.execute(sql`INSERT INTO audit_log (time, action, actor_name) VALUES
      (now() - interval '3 days', 'sign_out', 'Old Olive'), (now() - interval '1 hour', 'sign_out', 'New Nora')`);
    const expected = await count(sql`SELECT count(*) AS count FROM audit_log WHERE time < now() - interval '2 days'`);
    await saveRetention({ auditLog: 2 });

    const counts = await cleanUpAndRecord(testApp.db, testApp.config);

    expect(counts.auditEntries).toBe(expected);
    expect(await count(sql`SELECT count(*) AS count FROM audit_log WHERE actor_name = 'Old Olive'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS count FROM audit_log WHERE actor_name = 'New Nora'`)).toBe(1);
    expect((await retentionEntries()).at(-1)?.details).toMatchObject({ auditEntries: expected });
    await saveRetention({});
  });

  it('deletes in batches, each taking its rows off the counters', async () => {
    const sessionId = newSessionId();
    for (let index = 0; index < 7; index += 1) {
      await seedVisitor(testApp, { sessionId: `${sessionId}-${index}`, email: `batch-${index}@example.com`, ip: '198.51.100.8', time: daysAgo(4000 + index) });
    }
    const expected = await count(sql`SELECT count(*) AS count FROM history WHERE time < now() - interval '3000 days'`);
    expect(expected).toBeGreaterThanOrEqual(14);
    expect(await purgeHistoryBefore(testApp.db, daysAgo(3000), 3)).toBe(expected);
    const { counters, rows } = await countersAndRows(testApp.db);
    expect(counters).toEqual(rows);
  });
});

describe('npm run repair:statistics after a retention', () => {
  it('recounts only the quarters the retention keeps, so the purged periods keep their counts', async () => {
    await saveRetention({});
    await seedVisitor(testApp, { sessionId: newSessionId(), email: 'repair-old@example.com', ip: '198.51.100.9', time: daysAgo(50) });
    await seedVisitor(testApp, { sessionId: newSessionId(), email: 'repair-new@example.com', ip: '198.51.100.10', time: daysAgo(2) });
    await saveRetention({ history: 30, feedback: 30 });
    await cleanUpAndRecord(testApp.db, testApp.config);
    const statistics = await statisticsSums(testApp.db);

    // The latest cut-off of any purge so far (this file's feedback purge of 10 days), to the next whole quarter.
    const since = await rowsCompleteSince(testApp.db);
    expect(since).toBeInstanceOf(Date);
    expect(since?.getTime()).toBeGreaterThan(daysAgo(10).getTime());
    expect(since?.getTime()).toBeLessThanOrEqual(daysAgo(10).getTime() + 15 * 60_000);
    expect((since?.getTime() ?? 1) % (15 * 60_000)).toBe(0);
    await rebuildStatisticsRollup(testApp.db, since);
    expect(await statisticsSums(testApp.db)).toEqual(statistics);

    // What the repair did before: a recount of everything from the rows forgets the purged exchanges.
    await rebuildStatisticsRollup(testApp.db);
    expect((await statisticsSums(testApp.db)).questions).toBeLessThan(statistics.questions ?? 0);
    await saveRetention({});
  });
});
