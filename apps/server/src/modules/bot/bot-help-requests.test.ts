import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HELP_REQUEST_CREATED_QUEUE } from '../help-requests/help-request-created.ts';
import { botPost, counters } from '../../test/bot-test-support.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const helpRequest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Visitor',
  email: 'ada@example.com',
  message: 'My order never arrived.',
  ...overrides,
});

describe('POST /api/bot/help-requests', () => {
  it('stores a pending help request with every field', async () => {
    const answer = await botPost(
      testApp,
      '/api/bot/help-requests',
      helpRequest({
        session_id: 'session-help-1',
        name: '  Ada Visitor ',
        email: ' ada@example.com ',
        origin_url: 'https://shop.example.com/orders',
        user_ip: '8.8.8.8',
        time: '2026-01-02T03:04:05+01:00',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([{ id: expect.any(Number) }]);
    const [stored] = await sqlRows<Record<string, unknown>>(
      testApp.db,
      sql`SELECT * FROM help_requests WHERE id = ${answer.body.data?.rows[0]?.id as number}`,
    );
    expect(stored).toMatchObject({
      session_id: 'session-help-1',
      name: 'Ada Visitor',
      email: 'ada@example.com',
      message: 'My order never arrived.',
      origin_url: 'https://shop.example.com/orders',
      status: 'pending',
      user_ip: '8.8.8.8',
      country: 'US',
    });
    expect(new Date(stored?.time as string).toISOString()).toBe('2026-01-02T02:04:05.000Z');
  });

  it('counts it as pending, which the sidebar badge reads', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const badgeBefore = (await client.get('/api/all-help-requests-count')).body.data?.rows[0]?.total_count as number;
    const before = await counters(testApp.db);
    expect((await botPost(testApp, '/api/bot/help-requests', helpRequest())).status).toBe(200);
    const after = await counters(testApp.db);
    expect(after.help_requests).toBe((before.help_requests ?? 0) + 1);
    expect(after['help_requests:pending']).toBe((before['help_requests:pending'] ?? 0) + 1);
    expect(after['help_requests:resolved']).toBe(before['help_requests:resolved']);
    expect((await client.get('/api/all-help-requests-count')).body.data?.rows[0]?.total_count).toBe(badgeBefore + 1);
  });

  it('queues the help-request-created job with the new id in the same transaction', async () => {
    const answer = await botPost(testApp, '/api/bot/help-requests', helpRequest());
    const id = answer.body.data?.rows[0]?.id as number;
    const jobs = await sqlRows<{ payload: Record<string, unknown>; status: string }>(
      testApp.db,
      sql`SELECT payload, status FROM jobs WHERE queue = ${HELP_REQUEST_CREATED_QUEUE} AND (payload->>'helpRequestId')::int = ${id}`,
    );
    expect(jobs).toEqual([{ payload: { helpRequestId: id }, status: 'queued' }]);
  });

  it('stores neither the row, the counters nor the job when refused', async () => {
    const before = await counters(testApp.db);
    const [jobsBefore] = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM jobs`);
    expect((await botPost(testApp, '/api/bot/help-requests', helpRequest({ email: 'nope' }))).status).toBe(400);
    expect(await counters(testApp.db)).toEqual(before);
    expect(await sqlRows(testApp.db, sql`SELECT count(*)::int AS n FROM jobs`)).toEqual([jobsBefore]);
  });

  it.each([
    [{ name: undefined }, 'name', 'name is required.'],
    [{ name: ' ' }, 'name', 'name must not be empty.'],
    [{ name: 'x'.repeat(201) }, 'name', 'name must be at most 200 characters long.'],
    [{ email: undefined }, 'email', 'email is required.'],
    [{ email: '' }, 'email', 'email must not be empty.'],
    [{ email: 'ada at example' }, 'email', 'email must be an email address such as name@example.com.'],
    [{ message: undefined }, 'message', 'message is required.'],
    [{ message: '' }, 'message', 'message must not be empty.'],
    [{ message: 'x'.repeat(10_001) }, 'message', 'message must be at most 10000 characters long.'],
    [{ origin_url: 'javascript:alert(document.cookie)' }, 'origin_url', 'origin_url must be an absolute http:// or https:// URL.'],
    [{ origin_url: 'data:text/html,<script>alert(1)</script>' }, 'origin_url', 'origin_url must be an absolute http:// or https:// URL.'],
    [{ session_id: '' }, 'session_id', 'session_id must not be empty.'],
    [{ country: 'USA' }, 'country', 'country must be a two-letter ISO 3166-1 country code such as "US".'],
    [{ status: 'resolved' }, undefined, 'Unknown field: status.'],
  ])('refuses case %# with a message under its field', async (overrides, field, message) => {
    const answer = await botPost(testApp, '/api/bot/help-requests', helpRequest(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: field ? { message, field } : { message } });
  });
});
