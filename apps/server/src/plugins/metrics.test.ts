import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { chatCall } from '../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ METRICS_TOKEN: TOKEN, BOT_ALLOWED_ORIGINS: 'https://shop.example.com' });
});
afterAll(() => testApp.close());

const scrape = async (authorization = `Bearer ${TOKEN}`) => {
  const answer = await fetch(`${testApp.baseUrl}/metrics`, { headers: { authorization } });
  return { status: answer.status, type: answer.headers.get('content-type') ?? '', text: await answer.text() };
};

/** The value of one series of the scrape ("name{labels} value"), or undefined. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('is 404 without METRICS_TOKEN, and wants the token as a bearer', async () => {
    const off = await createTestApp();
    try {
      expect((await fetch(`${off.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await off.close();
    }
    expect((await scrape('')).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-000')).status).toBe(401);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route pattern, never by their ids', async () => {
    const { client } = await testApp.signedInClient('admin');
    // Two sessions that do not exist: 404 each, one series.
    await client.get('/api/history/some-session-id');
    await client.get('/api/history/another-session-id');
    const { text } = await scrape();
    expect(valueOf(text, 'steward_http_request_duration_seconds_count{method="GET",route="/api/history/:sessionId",status_code="404"}')).toBe(2);
    expect(text).not.toContain('some-session-id');
  });

  it('counts the queue\'s waiting jobs by queue, and the jobs this instance ran by outcome', async () => {
    await enqueueMail(testApp.db, { to: 'ops@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    expect(valueOf((await scrape()).text, 'steward_job_queue_waiting{queue="mail"}')).toBeGreaterThanOrEqual(1);
    while (await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.context.log, { metrics: testApp.context.metrics })) {
      // drain
    }
    const { text } = await scrape();
    expect(valueOf(text, 'steward_job_queue_waiting{queue="mail"}')).toBeUndefined();
    expect(valueOf(text, 'steward_jobs_finished_total{queue="mail",outcome="done"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts a job an instance is running as running, not as waiting, and says the database answers', async () => {
    const id = await enqueueMail(testApp.db, { to: 'ops@example.com', subject: 'Running', text: 'Running', html: '<p>Running</p>' });
    await testApp.db.execute(sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'host-a:3000', locked_until = now() + interval '30 seconds' WHERE id = ${id}`);
    try {
      const { text } = await scrape();
      expect(valueOf(text, 'steward_job_queue_running{queue="mail"}')).toBe(1);
      expect(valueOf(text, 'steward_job_queue_waiting{queue="mail"}')).toBe(0);
      expect(valueOf(text, 'steward_database_reachable')).toBe(1);
    } finally {
      await testApp.db.execute(sql`DELETE FROM jobs WHERE id = ${id}`);
    }
  });

  it('counts the chat\'s answers by kind and times the embedder\'s questions, with the process\'s own metrics', async () => {
    expect((await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Where is my parcel?' } })).status).toBe(200);
    const { text } = await scrape();
    expect(valueOf(text, 'steward_chat_answers_total{kind="unknown"}')).toBe(1);
    expect(text).toMatch(/^steward_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^steward_nodejs_eventloop_lag_p99_seconds /m);
  });
});
