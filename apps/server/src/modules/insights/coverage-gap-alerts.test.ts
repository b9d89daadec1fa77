import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COVERAGE_GAP_ALERT, type WebhookEndpointWithSecret, webhookPayload } from '@steward/contract/webhooks';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { COVERAGE_GAP_ALERTS_QUEUE, scheduleCoverageGapAlerts, tellNewCoverageGaps } from './coverage-gap-alerts.ts';

// Issue 57 (docs/integrations.md): coverage_gap.appeared is told once, when a group of similar unanswered questions
// first reaches COVERAGE_GAP_ALERT.minQuestions in the window, to the endpoints that chose it, signed (checked on a
// loopback receiver by the `standardwebhooks` package); never again for the same gap, however often or by how many
// instances the check runs.

let testApp: TestApp;
let admin: ApiClient;
let receiver: Receiver;
beforeAll(async () => {
  testApp = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Gap Admin' }));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await testApp.close();
});
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM webhook_endpoints`);
  await testApp.db.execute(sql`DELETE FROM coverage_gap_alerts`);
  await testApp.db.execute(sql`UPDATE history SET coverage_gap = false`);
  receiver.received = [];
});

async function addEndpoint(extra: Record<string, unknown> = {}): Promise<void> {
  const answer = await admin.post('/api/webhook-endpoints', { url: receiver.url, events: ['coverage_gap.appeared'], ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  receiver.secret = (answer.body.data?.rows[0] as WebhookEndpointWithSecret).secret;
}

/** A question the bot could not answer, asked `minutesAgo`. */
const unanswered = (question: string, minutesAgo = 10) =>
  insertHistory(testApp.db, { userMessage: question, coverageGap: true, time: new Date(Date.now() - minutesAgo * 60_000) });

const tell = () => tellNewCoverageGaps({ db: testApp.db, knowledge: testApp.context.knowledge, log: testApp.context.log }, new Date());

function told() {
  for (const message of receiver.received) {
    expect(message.verified).toBe(true);
    expect(webhookPayload.safeParse(message.payload).success, JSON.stringify(message.payload)).toBe(true);
  }
  return receiver.received.map((message) => message.payload);
}

describe('coverage_gap.appeared', () => {
  it('is told once the group reaches its size, masked without personal data, and never again for the same gap', async () => {
    await addEndpoint();
    const question = 'Do you ship to Norway? Write to ada@example.com';
    await unanswered(question, 30);
    await unanswered(question, 20);
    expect(COVERAGE_GAP_ALERT.minQuestions).toBe(3);
    expect(await tell()).toBe(0);

    await unanswered('do you ship to norway?? write to ada@example.com', 5);
    expect(await tell()).toBe(1);
    await runAllJobs(testApp);
    const events = told();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'coverage_gap.appeared',
      data: { key: expect.stringMatching(/^gap_[0-9a-f]{16}$/), count: 3, url: `${testApp.config.publicUrl}/insights` },
    });
    expect(String(events[0]?.data.question)).not.toContain('ada@example.com');
    expect(String(events[0]?.data.question)).toMatch(/norway.*a•••@example\.com/i);

    // Asked again: the same gap, grown; told no more, by this check or any later one.
    await unanswered(question, 1);
    expect(await tell()).toBe(0);
    expect(await tell()).toBe(0);
    await runAllJobs(testApp);
    expect(told()).toHaveLength(1);
    // Only hashes are kept of the visitors' words.
    const kept = await sqlRows<Record<string, unknown>>(testApp.db, sql`SELECT * FROM coverage_gap_alerts`);
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toMatch(/norway/i);
  });

  it('tells an endpoint with personal data the question whole, with its examples', async () => {
    await addEndpoint({ include_personal_data: true });
    for (const minutes of [9, 8, 7]) await unanswered('Can I pay by invoice? ben@example.com', minutes);
    expect(await tell()).toBe(1);
    await runAllJobs(testApp);
    expect(told()[0]?.data).toMatchObject({ question: 'Can I pay by invoice? ben@example.com', count: 3, examples: [] });
  });

  it('is told once when two instances check at the same moment', async () => {
    await addEndpoint();
    for (const minutes of [3, 2, 1]) await unanswered('Is there a store in Lyon?', minutes);
    const [first, second] = await Promise.all([tell(), tell()]);
    expect(first + second).toBe(1);
    await runAllJobs(testApp);
    expect(told().map((event) => event.type)).toEqual(['coverage_gap.appeared']);
  });

  it('is not computed while no endpoint chose it, and questions older than the window do not count', async () => {
    for (const minutes of [3, 2, 1]) await unanswered('Do you repair bikes?', minutes);
    expect(await tell()).toBe(0);
    expect(await sqlRows(testApp.db, sql`SELECT 1 FROM coverage_gap_alerts`)).toEqual([]);

    const windowMinutes = COVERAGE_GAP_ALERT.windowDays * 24 * 60;
    for (const minutes of [windowMinutes + 30, windowMinutes + 20]) await unanswered('Do you sell gift cards?', minutes);
    await unanswered('Do you sell gift cards?', 1);
    await addEndpoint();
    expect(await tell()).toBe(1);
    await runAllJobs(testApp);
    expect(told().map((event) => String(event.data.question))).toEqual(['Do you repair bikes?']);
  });

  it('runs as a periodic job that books its next run', async () => {
    await addEndpoint();
    for (const minutes of [3, 2, 1]) await unanswered('Where is my parcel?', minutes);
    await scheduleCoverageGapAlerts(testApp.db, new Date(Date.now() - 10 * 60_000));
    await runAllJobs(testApp);
    expect(told().map((event) => String(event.data.question))).toEqual(['Where is my parcel?']);
    const waiting = await sqlRows<{ run_at: string | Date }>(testApp.db, sql`SELECT run_at FROM jobs WHERE queue = ${COVERAGE_GAP_ALERTS_QUEUE} AND status = 'queued'`);
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0]?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });
});
