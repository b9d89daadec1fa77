import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES } from '@steward/contract/privacy';
import { sqlRows } from '../../db/sql-rows.ts';
import { newSessionId } from '../../test/bot-test-support.ts';
import { seedVisitor } from '../../test/privacy-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cleanUpAndRecord } from '../../worker/clean-up.ts';
import { countRetentionPurge } from './retention-preview.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  for (let index = 0; index < 3; index += 1) {
    await seedVisitor(testApp, { sessionId: newSessionId(), email: `old-${index}@example.com`, ip: '198.51.100.20', time: daysAgo(40 + index) });
  }
  for (let index = 0; index < 2; index += 1) {
    await seedVisitor(testApp, { sessionId: newSessionId(), email: `new-${index}@example.com`, ip: '198.51.100.21', time: daysAgo(5 + index) });
  }
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;
function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY_MS);
}
const FOREVER = { history: null, feedback: null, helpRequests: null, auditLog: null };
const count = async (query: ReturnType<typeof sql>): Promise<number> => Number((await sqlRows<{ count: number | string }>(testApp.db, query))[0]?.count ?? 0);
const olderThan = (table: 'history' | 'feedback' | 'help_requests', days: number) =>
  count(sql`SELECT count(*) AS count FROM ${sql.raw(table)} WHERE time < now() - make_interval(days => ${days})`);

describe('POST /api/data-retention/preview', () => {
  it('counts per kind the rows older than the proposed days, which the clean-up then deletes', async () => {
    const { client } = await testApp.signedInClient('admin');
    const expected = { history: await olderThan('history', 30), feedback: await olderThan('feedback', 10), helpRequests: await olderThan('help_requests', 30) };
    expect(expected.history).toBeGreaterThanOrEqual(6);
    const proposed = { history: 30, feedback: 10, helpRequests: 30, auditLog: null };

    const answer = await client.post('/api/data-retention/preview', { retention: proposed });

    expect(answer.status).toBe(200);
    const rows = answer.body.data?.rows;
    expect(rows).toEqual([
      { kind: 'history', days: 30, rows: expected.history, more_than: false, total: await count(sql`SELECT count(*) AS count FROM history`) },
      { kind: 'feedback', days: 10, rows: expected.feedback, more_than: false, total: await count(sql`SELECT count(*) AS count FROM feedback`) },
      { kind: 'helpRequests', days: 30, rows: expected.helpRequests, more_than: false, total: await count(sql`SELECT count(*) AS count FROM help_requests`) },
      { kind: 'auditLog', days: null, rows: 0, more_than: false, total: await count(sql`SELECT count(*) AS count FROM audit_log`) },
    ]);
    // Nothing was deleted by asking; saving it and the clean-up delete exactly what was said.
    expect(await olderThan('history', 30)).toBe(expected.history);
    expect((await client.post('/api/data-retention', { retention: proposed })).status).toBe(200);
    const purged = await cleanUpAndRecord(testApp.db, testApp.config);
    expect(purged).toMatchObject({ history: expected.history, feedback: expected.feedback, helpRequests: expected.helpRequests });
    expect((await client.post('/api/data-retention', { retention: FOREVER })).status).toBe(200);
  });

  it('is asked only by holders of update_bot_settings, with the save\'s validation', async () => {
    const { client: viewer } = await testApp.signedInClient('viewer');
    expect((await viewer.post('/api/data-retention/preview', { retention: { ...FOREVER, history: 30 } })).status).toBe(403);
    const { client: admin } = await testApp.signedInClient('admin');
    const refused = await admin.post('/api/data-retention/preview', { retention: { ...FOREVER, history: 0 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(RETENTION_MESSAGES.daysInvalid);
  });
});

describe('the preview\'s count at a million rows: at most cap + 1 index entries on each side of the cut-off', () => {
  it('is exact while either side holds at most cap rows, and "more than cap" of the total when both hold more', async () => {
    for (let index = 0; index < 6; index += 1) {
      await seedVisitor(testApp, { sessionId: newSessionId(), email: `cap-old-${index}@example.com`, ip: '198.51.100.22', time: daysAgo(60 + index) });
    }
    await seedVisitor(testApp, { sessionId: newSessionId(), email: 'cap-new@example.com', ip: '198.51.100.23', time: daysAgo(1) });
    const older = await olderThan('history', 30);
    const total = await count(sql`SELECT count(*) AS count FROM history`);
    const newer = total - older;
    expect(older).toBeGreaterThan(newer);
    expect(newer).toBeGreaterThanOrEqual(2);

    // The older side within the cap: counted.
    expect(await countRetentionPurge(testApp.db, 'history', 30, older)).toEqual({ kind: 'history', days: 30, rows: older, more_than: false, total });
    // The older side past the cap, the newer within it: the counter's total less the newer.
    expect(await countRetentionPurge(testApp.db, 'history', 30, newer)).toEqual({ kind: 'history', days: 30, rows: older, more_than: false, total });
    // Both past it: "more than" the cap, of the total.
    expect(await countRetentionPurge(testApp.db, 'history', 30, newer - 1)).toEqual({ kind: 'history', days: 30, rows: newer - 1, more_than: true, total });
  });
});
