import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_PAYLOAD_EXAMPLES } from '@steward/contract/webhook-examples';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, type WebhookEndpointWithSecret, type WebhookEventType, webhookPayload } from '@steward/contract/webhooks';
import { sqlRows } from '../../db/sql-rows.ts';
import { runNextJob } from '../../jobs/job-queue.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { NOTIFICATION_MAIL_QUEUE } from '../../mail/mail-queue.ts';
import { mailQueuesTo } from '../../test/queued-mail.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { recipientOf, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './webhook-delivery-queue.ts';

// Issue 57's webhooks through the real HTTP stack: a receiver on 127.0.0.1 (test/webhook-receiver.ts) checks every
// delivery's signature with the `standardwebhooks` package and counts what arrives, retries and duplicates included.

let testApp: TestApp;
let admin: ApiClient;
let adminEmail: string;
let receiver: Receiver;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = startSmtpSink();
  testApp = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', SMTP_URL: `smtp://127.0.0.1:${await smtp.listening}` });
  const signedIn = await testApp.signedInClient('admin', { name: 'Hook Admin' });
  admin = signedIn.client;
  adminEmail = signedIn.user.email;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await testApp.close();
  await smtp.close();
});
beforeEach(async () => {
  // One endpoint at a time: each test adds its own.
  await testApp.db.execute(sql`DELETE FROM webhook_endpoints`);
  receiver.received = [];
  receiver.status = 200;
  receiver.hold = undefined;
});

async function addEndpoint(events: WebhookEventType[], extra: Record<string, unknown> = {}): Promise<WebhookEndpointWithSecret> {
  const answer = await admin.post('/api/webhook-endpoints', { url: receiver.url, description: 'Ticketing', events, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const endpoint = answer.body.data?.rows[0] as WebhookEndpointWithSecret;
  receiver.secret = endpoint.secret;
  return endpoint;
}

async function askForHelp(message = 'Call me at +1 415 555 0100 about my order'): Promise<number> {
  const answer = await botPost(testApp, '/api/bot/help-requests', { session_id: newSessionId(), name: 'Ada Visitor', email: 'ada@example.com', message });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rows = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM help_requests ORDER BY id DESC LIMIT 1`);
  return Number(rows[0]?.id);
}

/** The retries waiting (run_at in the future) made due now, as the clock would in time. */
const makeRetriesDue = () => testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${WEBHOOK_DELIVERY_QUEUE} AND status = 'queued'`);

const deliveriesOf = async (endpointId: number) => {
  const answer = await admin.get(`/api/webhook-endpoints/${endpointId}/deliveries`);
  expect(answer.status).toBe(200);
  return (answer.body.data as unknown as { rows: { id: number; message_id: string; event_type: string; status: string; attempts: number; status_code: number | null; response_excerpt: string | null; next_attempt_at: string | null }[]; total: number }).rows;
};

describe('webhook endpoints', () => {
  it('shows the signing secret once, keeps it sealed, and audits the add', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await sqlRows<Record<string, unknown>>(testApp.db, sql`SELECT * FROM webhook_endpoints WHERE id = ${endpoint.id}`);
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret.slice('whsec_'.length));
    const list = await admin.get('/api/webhook-endpoints');
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(list.body.data?.rows).toEqual([{ ...endpoint, secret: undefined }]);
    const audit = await sqlRows<{ action: string; object_label: string }>(testApp.db, sql`SELECT action, object_label FROM audit_log WHERE object_type = 'webhook_endpoint' AND object_id = ${endpoint.id}`);
    expect(audit).toEqual([{ action: 'webhook_endpoint_created', object_label: receiver.url }]);
  });

  it.each([
    [{ url: 'ftp://example.com/x', events: ['help_request.created'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [{ url: 'https://example.com/x', events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
    [{ url: 'https://example.com/x', events: ['document.deleted'] }, 'events', WEBHOOK_MESSAGES.eventUnknown],
  ])('refuses %j, naming %s', async (body, field, message) => {
    const answer = await admin.post('/api/webhook-endpoints', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field });
  });

  it('lists every event’s payload schema in the OpenAPI document', async () => {
    const document = (await admin.get('/api/docs/json')).body as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(Object.keys(document.components.schemas[`WebhookPayload.${type}`]?.properties ?? {})).toEqual(['type', 'timestamp', 'data']);
      expect((document.components.schemas[`WebhookPayload.${type}`] as { example?: unknown } | undefined)?.example).toEqual(WEBHOOK_PAYLOAD_EXAMPLES[type]);
    }
  });

  it('is for administrators only', async () => {
    const { client: editor } = await testApp.signedInClient('viewer');
    expect((await editor.get('/api/webhook-endpoints')).status).toBe(403);
    expect((await editor.post('/api/webhook-endpoints', { url: receiver.url, events: ['help_request.created'] })).status).toBe(403);
  });
});

describe('delivering events', () => {
  it('signs a help request as Standard Webhooks says, without the visitor unless the endpoint allows it', async () => {
    await addEndpoint(['help_request.created']);
    const id = await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    expect(message?.verified).toBe(true);
    expect(message?.id).toMatch(/^msg_/);
    expect(webhookPayload.parse(message?.payload)).toBeTruthy();
    expect(message?.payload.type).toBe('help_request.created');
    expect(message?.payload.data).toMatchObject({ id, status: 'pending', url: `${testApp.config.publicUrl}/help-requests/${id}` });
    expect(message?.payload.data.visitor).toBeUndefined();
    expect(String(message?.payload.data.message)).not.toContain('555 0100');
  });

  it('includes the visitor for an endpoint that includes personal data', async () => {
    await addEndpoint(['help_request.created'], { include_personal_data: true });
    await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received[0]?.verified).toBe(true);
    expect(receiver.received[0]?.payload.data.visitor).toEqual({ name: 'Ada Visitor', email: 'ada@example.com' });
    expect(String(receiver.received[0]?.payload.data.message)).toContain('555 0100');
  });

  it('sends a thumbs down, and a correction waiting for approval and then approved', async () => {
    await addEndpoint(['feedback.thumbs_down', 'correction.pending', 'correction.approved']);
    const message = await botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'How long is the warranty?', api_response: '<p>One year.</p>' });
    const historyId = Number(message.body.data?.rows[0]?.id);
    expect((await botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating: 'up' })).status).toBe(200);
    const rating = await botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating: 'down', user_feedback: 'It is two years' });
    expect(rating.status).toBe(200);
    const added = await admin.post('/api/inform-the-bot', { content: 'The warranty is two years.' });
    const informationId = Number(added.body.data?.rows[0]?.id);
    const { client: approver } = await testApp.signedInClient('admin');
    expect((await approver.post(`/api/inform-the-bot/approve/${informationId}`, {})).status).toBe(200);
    await runAllJobs(testApp);
    expect(receiver.received.every((received) => received.verified)).toBe(true);
    expect(receiver.received.map((received) => received.payload.type)).toEqual(['feedback.thumbs_down', 'correction.pending', 'correction.approved']);
    expect(receiver.received[0]?.payload.data).toMatchObject({ rating: 'down', question: 'How long is the warranty?', comment: 'It is two years' });
    expect(receiver.received[2]?.payload.data).toMatchObject({ id: informationId, status: 'approved', content: 'The warranty is two years.' });
  });

  it('retries a failure with back-off and the same webhook-id, and keeps a record in order', async () => {
    const endpoint = await addEndpoint(['help_request.created', 'help_request.resolved']);
    receiver.status = 503;
    const id = await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(1);
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, status_code: 503, response_excerpt: 'receiver is down' });
    expect(new Date(first?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(Date.now());

    // Resolved while the created event still waits: it waits behind it.
    expect((await admin.post(`/api/help-requests/${id}/resolve`, {})).status).toBe(200);
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(1);

    await makeRetriesDue();
    await runAllJobs(testApp);
    expect(receiver.received.map((message) => message.payload.type)).toEqual(['help_request.created', 'help_request.created']);
    expect((await deliveriesOf(endpoint.id)).find((row) => row.event_type === 'help_request.created')?.attempts).toBe(2);

    receiver.status = 200;
    await makeRetriesDue();
    await runAllJobs(testApp);
    expect(receiver.received.map((message) => message.payload.type)).toEqual(['help_request.created', 'help_request.created', 'help_request.created', 'help_request.resolved']);
    expect(new Set(receiver.received.slice(0, 3).map((message) => message.id)).size).toBe(1);
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((row) => [row.event_type, row.status, row.attempts])).toEqual([
      ['help_request.resolved', 'delivered', 1],
      ['help_request.created', 'delivered', 3],
    ]);
    expect((await sqlRows<{ failing_since: string | null }>(testApp.db, sql`SELECT failing_since FROM webhook_endpoints WHERE id = ${endpoint.id}`))[0]?.failing_since).toBeNull();
  });

  it('redelivers a delivery with the same webhook-id', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    await askForHelp();
    await runAllJobs(testApp);
    const [delivery] = await deliveriesOf(endpoint.id);
    const answer = await admin.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery?.id}/redeliver`, {});
    expect(answer.status).toBe(200);
    await runAllJobs(testApp);
    expect(receiver.received.map((message) => message.id)).toEqual([delivery?.message_id, delivery?.message_id]);
    expect((await admin.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/999999/redeliver`, {})).status).toBe(404);
  });

  it('disables an endpoint failing for a day and mails its administrators', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    receiver.status = 500;
    await askForHelp();
    await runAllJobs(testApp);
    await testApp.db.execute(sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = ${endpoint.id}`);
    await makeRetriesDue();
    await runAllJobs(testApp);
    const row = (await admin.get('/api/webhook-endpoints')).body.data?.rows[0] as { enabled: boolean; disabled_reason: string };
    expect(row).toMatchObject({ enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledFailing });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    const mails = smtp.received.filter((mail) => mail.subject?.includes('a webhook endpoint was disabled'));
    expect(mails.map(recipientOf)).toContain(adminEmail);
    expect(mails[0]?.text).toContain(receiver.url);
    expect(await mailQueuesTo(testApp, adminEmail)).toEqual([NOTIFICATION_MAIL_QUEUE]);

    // A new event is not sent to a disabled endpoint.
    receiver.received = [];
    await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(0);
  });

  it('disables an endpoint at once when its receiver answers 410 Gone', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    receiver.status = 410;
    await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(1);
    const row = (await admin.get('/api/webhook-endpoints')).body.data?.rows[0] as { enabled: boolean; disabled_reason: string };
    expect(row).toMatchObject({ enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledGone });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', status_code: 410 });
    // Enabled again by an administrator: sent to once more, the failure forgotten.
    receiver.status = 200;
    expect((await admin.post(`/api/webhook-endpoints/${endpoint.id}`, { enabled: true })).body.data?.rows[0]).toMatchObject({ enabled: true, disabled_reason: null });
    await askForHelp();
    await runAllJobs(testApp);
    expect(receiver.received).toHaveLength(2);
  });

  it('sends again with the same webhook-id when the instance sending it dies mid-delivery', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    let release: (() => void) | undefined;
    receiver.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await askForHelp();
    // Instance A sends and hangs waiting for the answer; it never renews its lease (it has died).
    const webhooksOnly = new Map([...testApp.context.jobHandlers].filter(([queue]) => queue === WEBHOOK_DELIVERY_QUEUE));
    const instanceA = runNextJob(testApp.db, webhooksOnly, testApp.context.log, { owner: 'instance-a', leaseRenewalMs: 3_600_000 });
    await expect.poll(() => receiver.received.length).toBe(1);
    await testApp.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE queue = ${WEBHOOK_DELIVERY_QUEUE} AND status = 'running'`);
    receiver.hold = undefined;
    // Instance B takes the job over and sends it again.
    expect(await runNextJob(testApp.db, webhooksOnly, testApp.context.log, { owner: 'instance-b' })).toBe(true);
    release?.();
    await instanceA;
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.id).toBe(receiver.received[1]?.id);
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered' });
  });

  it('signs with both secrets while a rotation overlaps', async () => {
    const endpoint = await addEndpoint(['help_request.created']);
    const rotated = await admin.post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body.data?.rows[0] as WebhookEndpointWithSecret).secret;
    expect(fresh).not.toBe(endpoint.secret);
    await askForHelp();
    await runAllJobs(testApp);
    // The receiver still on the old secret verifies; one switched to the new verifies too.
    expect(receiver.received[0]?.verified).toBe(true);
    receiver.secret = fresh;
    const [delivery] = await deliveriesOf(endpoint.id);
    await admin.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery?.id}/redeliver`, {});
    await runAllJobs(testApp);
    expect(receiver.received[1]?.verified).toBe(true);
  });
});
