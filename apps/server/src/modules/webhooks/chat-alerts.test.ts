import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookEndpointKind, type WebhookEndpointRow, type WebhookEventType, type WebhookTestMessageResult } from '@steward/contract/webhooks';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './webhook-delivery-queue.ts';

/**
 * Issue 57's Slack and Microsoft Teams alerts through the real HTTP stack: a receiver on 127.0.0.1 stands in for
 * the incoming-webhook URL and keeps each message's headers and body, checked against the Block Kit and Adaptive Card
 * shapes those services take.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

let testApp: TestApp;
let admin: ApiClient;
let server: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let status = 200;

beforeAll(async () => {
  testApp = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  admin = (await testApp.signedInClient('admin', { name: 'Chat Admin' })).client;
  server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown> });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'invalid_token');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  receiverUrl = `http://127.0.0.1:${address.port}/services/T000/B000/XXXX`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await testApp.close();
});
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM webhook_endpoints`);
  received = [];
  status = 200;
});

async function addChatEndpoint(kind: WebhookEndpointKind, events: WebhookEventType[], extra: Record<string, unknown> = {}): Promise<WebhookEndpointRow> {
  const answer = await admin.post('/api/webhook-endpoints', { kind, url: receiverUrl, events, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.rows[0] as WebhookEndpointRow;
}

async function askForHelp(): Promise<number> {
  const answer = await botPost(testApp, '/api/bot/help-requests', { session_id: newSessionId(), name: 'Ada Visitor', email: 'ada@example.com', message: 'Call me at +1 415 555 0100 about <my> order' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rows = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM help_requests ORDER BY id DESC LIMIT 1`);
  return Number(rows[0]?.id);
}

async function thumbsDown(): Promise<string> {
  const message = await botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'Mail me at ada@example.com: how long is the warranty?', api_response: '<p>One year.</p>' });
  const historyId = Number(message.body.data?.rows[0]?.id);
  expect((await botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating: 'down', user_feedback: 'It is two years' })).status).toBe(200);
  // The record the event links to, as the feedback module named it.
  const rows = await sqlRows<{ record_path: string }>(testApp.db, sql`SELECT record_path FROM webhook_deliveries ORDER BY id DESC LIMIT 1`);
  return rows[0]?.record_path ?? '';
}

type Block = { type: string; text?: { type: string; text: string }; elements?: { type: string; url?: string; text?: { text: string } }[] };

describe('Slack alerts', () => {
  it('sends a new help request as Block Kit, unsigned, masked, with a button to the record', async () => {
    await addChatEndpoint('slack', ['help_request.created']);
    const id = await askForHelp();
    await runAllJobs(testApp);
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.headers['content-type']).toBe('application/json');
    expect(message?.headers['webhook-signature']).toBeUndefined();
    const blocks = message?.body.blocks as Block[];
    expect(blocks.map((block) => block.type)).toEqual(['header', 'section', 'actions']);
    expect(blocks[0]?.text).toEqual({ type: 'plain_text', text: `New help request for ${testApp.config.assistantName}`, emoji: false });
    expect(blocks[1]?.text?.type).toBe('mrkdwn');
    expect(blocks[1]?.text?.text).toContain('about &lt;my&gt; order');
    expect(JSON.stringify(message?.body)).not.toContain('555 0100');
    expect(JSON.stringify(message?.body)).not.toContain('ada@example.com');
    expect(blocks[2]?.elements?.[0]).toMatchObject({ type: 'button', url: `${testApp.config.publicUrl}/help-requests/${id}` });
    expect(String(message?.body.text)).toContain('New help request');
    const deliveries = await admin.get(`/api/webhook-endpoints/${(await admin.get('/api/webhook-endpoints')).body.data?.rows[0]?.id}/deliveries`);
    expect((deliveries.body.data as unknown as { rows: { status: string; status_code: number }[] }).rows[0]).toMatchObject({ status: 'delivered', status_code: 200 });
  });

  it('shows the visitor when the endpoint includes personal data', async () => {
    await addChatEndpoint('slack', ['help_request.created'], { include_personal_data: true });
    await askForHelp();
    await runAllJobs(testApp);
    const text = JSON.stringify(received[0]?.body);
    expect(text).toContain('555 0100');
    expect(text).toContain('Ada Visitor &lt;ada@example.com&gt;');
  });

  it('retries a refused message on the webhooks’ schedule, the same message each time', async () => {
    const endpoint = await addChatEndpoint('slack', ['help_request.created']);
    status = 500;
    await askForHelp();
    await runAllJobs(testApp);
    expect(received).toHaveLength(1);
    const waiting = await admin.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`);
    expect((waiting.body.data as unknown as { rows: { status: string; attempts: number; status_code: number; next_attempt_at: string | null }[] }).rows[0]).toMatchObject({ status: 'pending', attempts: 1, status_code: 500 });
    status = 200;
    await testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${WEBHOOK_DELIVERY_QUEUE} AND status = 'queued'`);
    await runAllJobs(testApp);
    expect(received).toHaveLength(2);
    expect(received[1]?.body).toEqual(received[0]?.body);
    const delivered = await admin.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`);
    expect((delivered.body.data as unknown as { rows: { status: string; attempts: number }[] }).rows[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('refuses events other than the chat alerts', async () => {
    const answer = await admin.post('/api/webhook-endpoints', { kind: 'slack', url: receiverUrl, events: ['help_request.created', 'correction.approved'] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message: WEBHOOK_MESSAGES.chatEventNotAllowed, field: 'events' });
    const endpoint = await addChatEndpoint('slack', ['help_request.created']);
    const change = await admin.post(`/api/webhook-endpoints/${endpoint.id}`, { events: ['help_request.resolved'] });
    expect(change.status).toBe(400);
    expect(change.body.error).toEqual({ message: WEBHOOK_MESSAGES.chatEventNotAllowed, field: 'events' });
  });
});

describe('Teams alerts', () => {
  it('sends a thumbs down as an Adaptive Card with a link to the feedback, masked', async () => {
    await addChatEndpoint('teams', ['feedback.thumbs_down']);
    const path = await thumbsDown();
    expect(path).toMatch(/^\/feedback\/\d+$/);
    await runAllJobs(testApp);
    expect(received).toHaveLength(1);
    const body = received[0]?.body as { type: string; attachments: { contentType: string; content: { type: string; version: string; body: { type: string; text?: string }[]; actions: unknown[] } }[] };
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const card = body.attachments[0];
    expect(card?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card?.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card?.content.body.map((element) => element.type)).toEqual(['TextBlock', 'TextBlock', 'FactSet']);
    expect(card?.content.body[1]?.text).toContain('how long is the warranty?');
    expect(JSON.stringify(body)).not.toContain('ada@example.com');
    expect(card?.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open the feedback', url: `${testApp.config.publicUrl}${path}` }]);
  });
});

describe('Send a test message', () => {
  const test = async (endpointId: number) => {
    const answer = await admin.post(`/api/webhook-endpoints/${endpointId}/test-message`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data?.rows[0] as WebhookTestMessageResult;
  };
  const auditOf = (endpointId: number) =>
    sqlRows<{ action: string; details: Record<string, unknown> }>(testApp.db, sql`SELECT action, details FROM audit_log WHERE object_type = 'webhook_endpoint' AND object_id = ${endpointId} AND action = 'webhook_test_message_sent' ORDER BY id`);

  it('sends one message now and says the receiver took it, audited', async () => {
    const endpoint = await addChatEndpoint('teams', ['help_request.created']);
    expect(await test(endpoint.id)).toEqual({ sent: true, status_code: 200, error: null });
    expect(received).toHaveLength(1);
    expect(JSON.stringify(received[0]?.body)).toContain(`Test message from ${testApp.config.assistantName}`);
    expect(await auditOf(endpoint.id)).toEqual([{ action: 'webhook_test_message_sent', details: { sent: true, status_code: 200 } }]);
    // Not a delivery: the list stays empty.
    const deliveries = await admin.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`);
    expect((deliveries.body.data as unknown as { total: number }).total).toBe(0);
  });

  it('says what the receiver answered when it refuses', async () => {
    const endpoint = await addChatEndpoint('slack', ['help_request.created']);
    status = 403;
    expect(await test(endpoint.id)).toEqual({ sent: false, status_code: 403, error: 'invalid_token' });
    expect(await auditOf(endpoint.id)).toEqual([{ action: 'webhook_test_message_sent', details: { sent: false, status_code: 403 } }]);
  });

  it('says why when nothing answers', async () => {
    const endpoint = await addChatEndpoint('slack', ['help_request.created']);
    await testApp.db.execute(sql`UPDATE webhook_endpoints SET url = 'http://127.0.0.1:9/closed' WHERE id = ${endpoint.id}`);
    const result = await test(endpoint.id);
    expect(result.sent).toBe(false);
    expect(result.status_code).toBeNull();
    expect(result.error).toBeTruthy();
  });

  it('is for Slack and Teams endpoints only', async () => {
    const answer = await admin.post('/api/webhook-endpoints', { url: receiverUrl, events: ['help_request.created'] });
    const id = Number(answer.body.data?.rows[0]?.id);
    const test = await admin.post(`/api/webhook-endpoints/${id}/test-message`, {});
    expect(test.status).toBe(400);
    expect(test.body.error?.message).toBe(WEBHOOK_MESSAGES.testMessageStandard);
    expect(received).toHaveLength(0);
  });
});
