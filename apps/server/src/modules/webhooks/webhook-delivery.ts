import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  WEBHOOK_RETRY_DELAYS_SECONDS,
} from '@steward/contract/webhooks';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { postRemote } from '../../ingest/remote/post-remote.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { enqueueNotificationMail } from '../../mail/mail-queue.ts';
import { webhookEndpointDisabledMail } from '../../mail/webhook-mails.ts';
import { findAdministrators } from '../auth/users.repository.ts';
import { CHAT_HEADERS, chatAlert, chatMessageBody } from './chat-messages.ts';
import { signedHeaders } from './webhook-signature.ts';
import { queueWebhookDelivery } from './webhook-delivery-queue.ts';
import { webhookSecretPurpose, webhookSecretSealer } from './webhook-secrets.ts';
import {
  earlierPendingDelivery,
  failPendingDeliveries,
  findWebhookDelivery,
  findWebhookEndpoint,
  firstPendingDelivery,
  saveDeliveryAttempt,
  updateWebhookEndpoint,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './webhooks.repository.ts';

/** One attempt's whole exchange, connection to the answer's excerpt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

const payloadSchema = z.object({ deliveryId: z.number().int().positive() });

/** The body sent: the same bytes on every attempt (the data and time fixed at the event, the link from PUBLIC_URL). */
export function webhookBody(delivery: Pick<WebhookDeliveryRecord, 'eventType' | 'createdAt' | 'data' | 'recordPath'>, publicUrl: string): string {
  const data = JSON.parse(delivery.data) as Record<string, unknown>;
  return JSON.stringify({ type: delivery.eventType, timestamp: delivery.createdAt.toISOString(), data: { ...data, url: `${publicUrl}${delivery.recordPath}` } });
}

/**
 * What one attempt sends: for a standard endpoint the event signed; for a chat endpoint (Slack, Teams) its readable
 * message, unsigned (the incoming-webhook URL is the secret).
 */
async function bodyAndHeaders(db: Db, config: Config, endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord, now: Date): Promise<{ body: string; headers: Record<string, string> }> {
  const event = webhookBody(delivery, config.publicUrl);
  if (endpoint.kind !== 'standard') {
    const { data } = JSON.parse(event) as { data: Record<string, unknown> };
    return { body: chatMessageBody(endpoint.kind, chatAlert(delivery.eventType, data, config.assistantName)), headers: CHAT_HEADERS };
  }
  return { body: event, headers: signedHeaders(await signingSecrets(db, config, endpoint, now), delivery.messageId, Math.floor(now.getTime() / 1000), event) };
}

/** The secrets that sign now: the current one, and the previous one while a rotation's overlap lasts. */
async function signingSecrets(db: Db, config: Pick<Config, 'secretsKey'>, endpoint: WebhookEndpointRecord, now: Date): Promise<string[]> {
  const sealer = await webhookSecretSealer(db, config.secretsKey);
  const purpose = webhookSecretPurpose(endpoint.id);
  const secrets = [sealer.open(endpoint.secretSealed, purpose)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) secrets.push(sealer.open(endpoint.previousSecretSealed, purpose));
  return secrets;
}

export interface Attempt {
  statusCode: number | null;
  excerpt: string;
  ms: number;
}

export const succeeded = (attempt: Attempt): boolean => attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode <= 299;

/**
 * Sends one attempt of one delivery (at least once: an instance that dies after sending and before recording leaves
 * the job to another, which sends it again with the same webhook-id). A delivery waits while an earlier event of its
 * record is pending for the same endpoint; settling one queues the next. A failure is retried on the specification's
 * schedule; an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS (or answering 410 Gone) is disabled and its administrators mailed.
 */
export function webhookDeliveryHandler(deps: { db: Db; config: Config; log: FastifyBaseLogger }): JobHandler {
  const { db, config } = deps;
  return async (payload, context) => {
    const { deliveryId } = payloadSchema.parse(payload);
    const delivery = await findWebhookDelivery(db, deliveryId);
    if (delivery?.status !== 'pending') return;
    if (await earlierPendingDelivery(db, delivery)) return;
    const endpoint = await findWebhookEndpoint(db, delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled) {
      await db.transaction(async (tx) => {
        await saveDeliveryAttempt(tx, delivery.id, { status: 'failed', nextAttemptAt: null, responseExcerpt: WEBHOOK_MESSAGES.endpointDisabled });
        await queueNextOfRecord(tx, delivery);
      });
      return;
    }
    const { body, headers } = await bodyAndHeaders(db, config, endpoint, delivery, new Date());
    // Before the step that must not be done twice by two runs: a run that lost its job stops here.
    await context.holdLease();
    const attempt = await postWebhook(endpoint.url, body, headers, config);
    await db.transaction((tx) => recordAttempt(tx, config, delivery, endpoint, attempt, new Date()));
  };
}

/** One POST of a body to an endpoint through the SSRF guard: its answer, or why there was none. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, config: Pick<Config, 'allowPrivateUrls'>): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await postRemote(url, body, {
      headers,
      allowPrivateAddresses: config.allowPrivateUrls,
      timeLimitMs: WEBHOOK_TIMEOUT_MS,
      maxAnswerBytes: WEBHOOK_RESPONSE_EXCERPT_MAX * 4,
    });
    return { statusCode: answer.status, excerpt: answer.excerpt.slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX), ms: elapsed() };
  } catch (error) {
    return { statusCode: null, excerpt: (error instanceof Error ? error.message : String(error)).slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX), ms: elapsed() };
  }
}

async function queueNextOfRecord(tx: Db, delivery: Pick<WebhookDeliveryRecord, 'endpointId' | 'recordKey'>): Promise<void> {
  const next = await firstPendingDelivery(tx, delivery.endpointId, delivery.recordKey);
  if (next !== undefined) await queueWebhookDelivery(tx, next);
}

async function recordAttempt(tx: Db, config: Config, delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord, attempt: Attempt, now: Date): Promise<void> {
  const attempts = delivery.attempts + 1;
  const outcome = { attempts, lastAttemptAt: now, statusCode: attempt.statusCode, responseMs: attempt.ms, responseExcerpt: attempt.excerpt };
  if (succeeded(attempt)) {
    await saveDeliveryAttempt(tx, delivery.id, { ...outcome, status: 'delivered', nextAttemptAt: null });
    if (endpoint.failingSince) await updateWebhookEndpoint(tx, endpoint.id, { failingSince: null });
    await queueNextOfRecord(tx, delivery);
    return;
  }
  const failingSince = endpoint.failingSince ?? now;
  // 410 Gone: the receiver asks for no more (the specification: disable at once).
  const gone = attempt.statusCode === 410;
  if (gone || now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000) {
    await saveDeliveryAttempt(tx, delivery.id, { ...outcome, status: 'failed', nextAttemptAt: null });
    await disableFailingEndpoint(tx, config, endpoint, attempt, gone ? WEBHOOK_MESSAGES.disabledGone : WEBHOOK_MESSAGES.disabledFailing);
    return;
  }
  if (!endpoint.failingSince) await updateWebhookEndpoint(tx, endpoint.id, { failingSince });
  const delaySeconds = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  if (attempts >= WEBHOOK_MAX_ATTEMPTS || delaySeconds === undefined) {
    await saveDeliveryAttempt(tx, delivery.id, { ...outcome, status: 'failed', nextAttemptAt: null });
    await queueNextOfRecord(tx, delivery);
    return;
  }
  const nextAttemptAt = new Date(now.getTime() + delaySeconds * 1000);
  await saveDeliveryAttempt(tx, delivery.id, { ...outcome, nextAttemptAt });
  await queueWebhookDelivery(tx, delivery.id, nextAttemptAt);
}

async function disableFailingEndpoint(tx: Db, config: Config, endpoint: WebhookEndpointRecord, attempt: Attempt, reason: string): Promise<void> {
  await updateWebhookEndpoint(tx, endpoint.id, { enabled: false, disabledReason: reason });
  await failPendingDeliveries(tx, endpoint.id, WEBHOOK_MESSAGES.endpointDisabled);
  const lastError = attempt.statusCode === null ? attempt.excerpt : `HTTP ${attempt.statusCode}`;
  for (const admin of await findAdministrators(tx)) {
    await enqueueNotificationMail(
      tx,
      webhookEndpointDisabledMail({
        to: admin.email,
        name: admin.name,
        assistantName: config.assistantName,
        link: `${config.publicUrl}/integrations`,
        url: endpoint.url,
        reason,
        lastError,
      }),
    );
  }
}
