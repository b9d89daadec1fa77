import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_REQUEST_MESSAGES } from '@steward/contract/help-requests';
import { sqlRows } from '../../db/sql-rows.ts';
import { NOT_ALLOWED, NOT_LOGGED_IN } from '../../plugins/access.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { botPost, counters } from '../../test/bot-test-support.ts';

let testApp: TestApp;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
});
afterAll(() => testApp.close());

let minute = 0;
/** Stores a help request through the bot API, each a minute after the last. */
async function seedHelpRequest(overrides: Record<string, unknown> = {}): Promise<number> {
  minute += 1;
  const answer = await botPost(testApp, '/api/bot/help-requests', {
    name: `Visitor ${minute}`,
    email: `visitor${minute}@example.com`,
    message: `Help number ${minute}`,
    time: new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString(),
    ...overrides,
  });
  expect(answer.status).toBe(200);
  return answer.body.data?.rows[0]?.id as number;
}

const resolve = (client: ApiClient, id: number) => client.post(`/api/help-requests/${id}/resolve`);
const reopen = (client: ApiClient, id: number) => client.post(`/api/help-requests/${id}/reopen`);

describe('GET /api/help-requests/{id}', () => {
  it('answers every field of the spec and nothing internal', async () => {
    const id = await seedHelpRequest({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'The bot could not find my order.',
      origin_url: 'https://shop.example.com/orders/7',
      user_ip: '81.2.69.160',
      time: '2026-04-05T06:07:08Z',
    });
    const answer = await viewer.get(`/api/help-requests/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([
      {
        id,
        user_ip: '81.2.69.160',
        country: 'GB',
        time: '2026-04-05T06:07:08.000Z',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        message: 'The bot could not find my order.',
        origin_url: 'https://shop.example.com/orders/7',
        status: 'pending',
      },
    ]);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without login', async () => {
    expect((await viewer.get('/api/help-requests/999999')).body).toEqual({ success: false, error: { message: HELP_REQUEST_MESSAGES.notFound } });
    expect((await viewer.get('/api/help-requests/999999')).status).toBe(404);
    expect((await viewer.get('/api/help-requests/abc')).status).toBe(400);
    const anonymous = await testApp.client().get('/api/help-requests/1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.message).toBe(NOT_LOGGED_IN);
  });
});

describe('POST /api/help-requests/{id}/{resolve|reopen}', () => {
  it('resolves a pending request and reopens it, moving it between the counters', async () => {
    const id = await seedHelpRequest();
    const { client, user } = await testApp.signedInClient('viewer');
    const before = await counters(testApp.db);

    const resolved = await resolve(client, id);
    expect(resolved.status).toBe(200);
    expect(resolved.body.data?.rows[0]).toMatchObject({ id, status: 'resolved' });
    let now = await counters(testApp.db);
    expect(now['help_requests:pending']).toBe((before['help_requests:pending'] ?? 0) - 1);
    expect(now['help_requests:resolved']).toBe((before['help_requests:resolved'] ?? 0) + 1);
    expect(now.help_requests).toBe(before.help_requests);
    const [audit] = await sqlRows<{ status_changed_by: number; status_changed_at: Date | null }>(
      testApp.db,
      sql`SELECT status_changed_by, status_changed_at FROM help_requests WHERE id = ${id}`,
    );
    expect(audit?.status_changed_by).toBe(user.id);
    expect(audit?.status_changed_at).not.toBeNull();
    expect((await client.get('/api/all-help-requests-count')).body.data?.rows[0]?.total_count).toBe(now['help_requests:pending']);

    const reopened = await reopen(client, id);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data?.rows[0]).toMatchObject({ id, status: 'pending' });
    now = await counters(testApp.db);
    expect(now['help_requests:pending']).toBe(before['help_requests:pending']);
    expect(now['help_requests:resolved']).toBe(before['help_requests:resolved'] ?? 0);
  });

  it('refuses to repeat an action with 409 and a clear message, changing nothing', async () => {
    const id = await seedHelpRequest();
    const pending = await reopen(viewer, id);
    expect(pending.status).toBe(409);
    expect(pending.body).toEqual({ success: false, error: { message: HELP_REQUEST_MESSAGES.alreadyPending } });
    await resolve(viewer, id);
    const before = await counters(testApp.db);
    const again = await resolve(viewer, id);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(HELP_REQUEST_MESSAGES.alreadyResolved);
    expect(await counters(testApp.db)).toEqual(before);
  });

  it('keeps the counters right when the same request is resolved twice at once', async () => {
    const id = await seedHelpRequest();
    const before = await counters(testApp.db);
    const answers = await Promise.all([resolve(viewer, id), resolve(viewer, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await counters(testApp.db);
    expect(after['help_requests:pending']).toBe((before['help_requests:pending'] ?? 0) - 1);
  });

  it('needs update_help_request_status, login, a known id and a known action', async () => {
    const id = await seedHelpRequest();
    await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer' AND capability = 'update_help_request_status'`);
    try {
      const { client } = await testApp.signedInClient('viewer');
      const refused = await resolve(client, id);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(NOT_ALLOWED);
    } finally {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', 'update_help_request_status')`);
    }
    expect((await resolve(testApp.client(), id)).status).toBe(401);
    const unknown = await resolve(viewer, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe(HELP_REQUEST_MESSAGES.notFound);
    const badAction = await viewer.post(`/api/help-requests/${id}/delete`);
    expect(badAction.status).toBe(400);
    expect(badAction.body.error?.message).toBe('The action must be "resolve" or "reopen".');
    expect((await viewer.get(`/api/help-requests/${id}`)).body.data?.rows[0]?.status).toBe('pending');
  });
});

describe('GET /api/all-help-requests/{pageIndex}/{status}', () => {
  let listApp: TestApp;
  let client: ApiClient;
  const ids: number[] = [];

  beforeAll(async () => {
    // A database of its own, so the counts below are exact.
    listApp = await createTestApp();
    client = (await listApp.signedInClient('admin')).client;
    for (let index = 0; index < 65; index += 1) {
      const answer = await botPost(listApp, '/api/bot/help-requests', {
        name: `Person ${index}`,
        email: `p${index}@example.com`,
        message: `Message ${index}`,
        // Pairs share a time, so the id breaks the tie.
        time: new Date(Date.UTC(2026, 1, 1) + Math.floor(index / 2) * 60_000).toISOString(),
      });
      ids.push(answer.body.data?.rows[0]?.id as number);
    }
    // Every third one resolved: 22 resolved, 43 pending.
    for (const [index, id] of ids.entries()) {
      if (index % 3 === 0) expect((await client.post(`/api/help-requests/${id}/resolve`)).status).toBe(200);
    }
  });
  afterAll(() => listApp.close());

  const newestFirst = (list: number[]) => [...list].reverse();

  it('lists all, 30 per page, newest first, with total_count on each row and beside them', async () => {
    for (const path of ['/api/all-help-requests/0/', '/api/all-help-requests/0']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.data?.rows.map((row) => row.id)).toEqual(newestFirst(ids).slice(0, 30));
      expect(answer.body.data?.total_count).toBe(65);
      expect(new Set(answer.body.data?.rows.map((row) => row.total_count))).toEqual(new Set([65]));
    }
    const third = await client.get('/api/all-help-requests/2/');
    expect(third.body.data?.rows.map((row) => row.id)).toEqual(newestFirst(ids).slice(60));
    const beyond = await client.get('/api/all-help-requests/9/');
    expect(beyond.body.data).toEqual({ rows: [], total_count: 65, total_count_capped: false });
  });

  it('filters by status with that status counter as total_count', async () => {
    const resolvedIds = newestFirst(ids.filter((_, index) => index % 3 === 0));
    const pendingIds = newestFirst(ids.filter((_, index) => index % 3 !== 0));
    const resolved = await client.get('/api/all-help-requests/0/resolved');
    expect(resolved.body.data?.rows.map((row) => row.id)).toEqual(resolvedIds);
    expect(resolved.body.data?.total_count).toBe(22);
    expect(resolved.body.data?.rows.every((row) => row.status === 'resolved')).toBe(true);
    const pending = await client.get('/api/all-help-requests/1/pending');
    expect(pending.body.data?.rows.map((row) => row.id)).toEqual(pendingIds.slice(30));
    expect(pending.body.data?.total_count).toBe(43);
    expect((await client.get('/api/all-help-requests-count')).body.data?.rows[0]?.total_count).toBe(43);
  });

  it('answers list rows with the fields of the spec', async () => {
    const answer = await client.get('/api/all-help-requests/0/pending');
    expect(Object.keys(answer.body.data?.rows[0] ?? {}).sort()).toEqual(
      ['country', 'email', 'id', 'message', 'name', 'origin_url', 'status', 'time', 'total_count', 'user_ip'].sort(),
    );
  });

  it('refuses an unknown status or a bad page, and needs login', async () => {
    const badStatus = await client.get('/api/all-help-requests/0/open');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error?.message).toBe('The status must be "pending", "resolved" or empty for all help requests.');
    expect((await client.get('/api/all-help-requests/-1/')).status).toBe(400);
    expect((await client.get('/api/all-help-requests/x/')).status).toBe(400);
    expect((await listApp.client().get('/api/all-help-requests/0/')).status).toBe(401);
  });

  it('reaches a deep page through the index, not by reading the rows it skips', async () => {
    const plan = await sqlRows<{ 'QUERY PLAN': string }>(
      listApp.db,
      sql`EXPLAIN SELECT id FROM help_requests WHERE status = 'pending' ORDER BY time DESC, id DESC LIMIT 30 OFFSET 3000`,
    );
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toMatch(/help_requests_status_time_idx/);
  });
});
