import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_REQUEST_MESSAGES, helpRequestReplyRow, helpRequestThreadAnswer, MAX_REPLY_LENGTH } from '@steward/contract/help-requests';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { countMailsTo, latestMailTo } from '../../test/queued-mail.ts';
import { REPLY_RATE_LIMIT } from './reply-rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer', { name: 'Vera Viewer' })).client;
});
afterAll(() => testApp.close());

let seeded = 0;
async function seedHelpRequest(overrides: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
  seeded += 1;
  const email = `asker${seeded}@example.com`;
  const answer = await botPost(testApp, '/api/bot/help-requests', { name: `Asker ${seeded}`, email, message: 'Where is my order?', ...overrides });
  expect(answer.status).toBe(200);
  return { id: answer.body.data?.rows[0]?.id as number, email };
}

const thread = async (id: number) => helpRequestThreadAnswer.parse((await viewer.get(`/api/help-requests/${id}/thread`)).body).data;

describe('GET /api/help-requests/{id}/thread', () => {
  it("answers the chat the request came from (its session's exchanges, oldest first) and no replies yet", async () => {
    const sessionId = 'thread-session-1';
    const first = await insertHistory(testApp.db, { sessionId, time: new Date('2030-02-01T09:00:00Z'), userMessage: 'Where is order 7?' });
    const second = await insertHistory(testApp.db, { sessionId, time: new Date('2030-02-01T09:01:00Z') });
    await insertHistory(testApp.db, { sessionId: 'another-session' });
    const { id } = await seedHelpRequest({ session_id: sessionId });

    const answer = await thread(id);

    expect(answer.transcript.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(answer.transcript[0]?.user_message).toBe('Where is order 7?');
    expect(answer.replies).toEqual([]);
  });

  it('answers an empty transcript for a request sent without a session, and 404 for no such request', async () => {
    const { id } = await seedHelpRequest();
    expect((await thread(id)).transcript).toEqual([]);
    const missing = await viewer.get('/api/help-requests/999999/thread');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(HELP_REQUEST_MESSAGES.notFound);
  });
});

describe('POST /api/help-requests/{id}/reply', () => {
  it('mails the reply to the visitor, keeps it in the thread and records it in the audit log', async () => {
    const { id, email } = await seedHelpRequest();
    const answer = await viewer.post(`/api/help-requests/${id}/reply`, { message: '  Your order ships tomorrow.\n\nSorry for the wait.  ' });

    expect(answer.status).toBe(200);
    const reply = answer.body.data?.rows[0];
    expect(reply).toMatchObject({ author_name: 'Vera Viewer', message: 'Your order ships tomorrow.\n\nSorry for the wait.', delivery: 'outbox' });
    // The thread keeps the reply; how its mail travelled is the sending call's answer only.
    expect((await thread(id)).replies).toEqual([helpRequestReplyRow.parse(reply)]);

    const mail = await latestMailTo(testApp, email);
    expect(mail?.text).toContain('Your order ships tomorrow.');
    expect(mail?.text).toContain('You wrote: Where is my order?');
    expect(mail?.html).toContain('Sorry for the wait.');
    const [audit] = await sqlRows<{ action: string; object_type: string; object_id: number; actor_name: string }>(
      testApp.db,
      sql`SELECT action, object_type, object_id, actor_name FROM audit_log WHERE action = 'help_request_replied' AND object_id = ${id}`,
    );
    expect(audit).toEqual({ action: 'help_request_replied', object_type: 'help_request', object_id: id, actor_name: 'Vera Viewer' });
  });

  it('escapes the reply in the mail HTML', async () => {
    const { id, email } = await seedHelpRequest();
    expect((await viewer.post(`/api/help-requests/${id}/reply`, { message: '<b>bold</b>' })).status).toBe(200);
    expect((await latestMailTo(testApp, email))?.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it.each([
    [{ message: '   ' }, HELP_REQUEST_MESSAGES.replyRequired],
    [{}, HELP_REQUEST_MESSAGES.replyRequired],
    [{ message: 'x'.repeat(MAX_REPLY_LENGTH + 1) }, HELP_REQUEST_MESSAGES.replyTooLong],
  ])('refuses %j without mailing anything', async (body, message) => {
    const { id, email } = await seedHelpRequest();
    const answer = await viewer.post(`/api/help-requests/${id}/reply`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
    expect(await countMailsTo(testApp, email)).toBe(0);
  });

  it('answers 404 for no such request', async () => {
    const answer = await viewer.post('/api/help-requests/999999/reply', { message: 'Hello' });
    expect(answer.status).toBe(404);
  });

  it('is refused without update_help_request_status (403) and without a session (401)', async () => {
    const { id, email } = await seedHelpRequest();
    expect((await testApp.client().post(`/api/help-requests/${id}/reply`, { message: 'Hello' })).status).toBe(401);
    await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer' AND capability = 'update_help_request_status'`);
    try {
      const { client } = await testApp.signedInClient('viewer');
      expect((await client.post(`/api/help-requests/${id}/reply`, { message: 'Hello' })).status).toBe(403);
    } finally {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', 'update_help_request_status')`);
    }
    expect(await countMailsTo(testApp, email)).toBe(0);
  });

  it('lets one staff member send REPLY_RATE_LIMIT replies in a window, then answers 429 without mailing (issue 52)', async () => {
    const { client: busy } = await testApp.signedInClient('viewer', { name: 'Busy Replier' });
    const { id, email } = await seedHelpRequest();
    for (let reply = 1; reply <= REPLY_RATE_LIMIT.limit; reply += 1) {
      expect((await busy.post(`/api/help-requests/${id}/reply`, { message: `Reply ${reply}` })).status).toBe(200);
    }
    const refused = await busy.post(`/api/help-requests/${id}/reply`, { message: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/^You have sent many replies in a short time\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countMailsTo(testApp, email)).toBe(REPLY_RATE_LIMIT.limit);
    // Another staff member's replies are theirs to count.
    expect((await viewer.post(`/api/help-requests/${id}/reply`, { message: 'From a colleague' })).status).toBe(200);
  });
});
