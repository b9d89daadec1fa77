import {
  CHAT_ALERT_EVENT_TYPES,
  inEventOrder,
  isChatKind,
  WEBHOOK_MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookEndpointKind,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookPayloadData,
  type UpdateWebhookEndpointRequest,
} from '@steward/contract/webhooks';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { checkedAddress, fetchableUrl, REMOTE_FETCH_REASONS, RemoteFetchError } from '../../ingest/remote/fetch-remote-pdf.ts';
import { HttpError } from '../../lib/http-error.ts';
import { maskPersonalData } from '../../lib/personal-data.ts';
import { type AuditObject, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { newMessageId, newWebhookSecret } from './webhook-signature.ts';
import { queueWebhookDelivery } from './webhook-delivery-queue.ts';
import { webhookSecretPurpose, webhookSecretSealer } from './webhook-secrets.ts';
import {
  deleteWebhookEndpoint,
  earlierPendingDelivery,
  endpointsReceiving,
  findWebhookDelivery,
  findWebhookEndpoint,
  insertWebhookDelivery,
  insertWebhookEndpoint,
  saveDeliveryAttempt,
  updateWebhookEndpoint,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './webhooks.repository.ts';

type SecretsConfig = Pick<Config, 'secretsKey' | 'allowPrivateUrls'>;

export const webhookEndpointObject = (endpoint: Pick<WebhookEndpointRecord, 'id' | 'url'>): AuditObject => ({ type: 'webhook_endpoint', id: endpoint.id, label: endpoint.url });

export const presentWebhookEndpoint = (endpoint: WebhookEndpointRecord): WebhookEndpointRow => ({
  id: endpoint.id,
  kind: endpoint.kind,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  include_personal_data: endpoint.includePersonalData,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabledReason,
  failing_since: endpoint.failingSince?.toISOString() ?? null,
  created_at: endpoint.createdAt.toISOString(),
  created_by: endpoint.createdBy,
  secret_rotated_at: endpoint.secretRotatedAt?.toISOString() ?? null,
});

export const presentWebhookDelivery = (delivery: WebhookDeliveryRecord): WebhookDeliveryRow => ({
  id: delivery.id,
  message_id: delivery.messageId,
  event_type: delivery.eventType,
  created_at: delivery.createdAt.toISOString(),
  status: delivery.status,
  attempts: delivery.attempts,
  last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  status_code: delivery.statusCode,
  response_ms: delivery.responseMs,
  response_excerpt: delivery.responseExcerpt,
});

/**
 * The server's own check of a target, beyond the contract's: https (http only with ALLOW_PRIVATE_URLS, the test
 * switch) and, for a host written as an address or one that resolves now, not inside the network (the SSRF guard
 * checks again at every delivery, so a name that later resolves inside is refused then).
 */
async function checkTarget(url: string, config: SecretsConfig): Promise<void> {
  let target: URL;
  try {
    target = fetchableUrl(url);
  } catch {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlInvalid, 'url');
  }
  if (target.protocol !== 'https:' && !config.allowPrivateUrls) throw new HttpError(400, WEBHOOK_MESSAGES.urlNotHttps, 'url');
  try {
    await checkedAddress(target, { allowPrivateAddresses: config.allowPrivateUrls });
  } catch (error) {
    if (error instanceof RemoteFetchError && error.message === REMOTE_FETCH_REASONS.privateAddress) throw new HttpError(400, WEBHOOK_MESSAGES.urlPrivate, 'url');
    // A name that does not resolve today may tomorrow; its deliveries say so if it still does not.
  }
}

/** Adds an endpoint (POST /api/webhook-endpoints): the answer holds its signing secret, the only time it is shown. */
export async function createWebhookEndpoint(
  tx: Db,
  actor: StaffActor,
  config: SecretsConfig,
  request: { kind: WebhookEndpointKind; url: string; description: string; events: WebhookEventType[]; include_personal_data: boolean },
): Promise<WebhookEndpointWithSecret> {
  await checkTarget(request.url, config);
  const secret = newWebhookSecret();
  const made = await insertWebhookEndpoint(tx, {
    kind: request.kind,
    url: request.url,
    description: request.description,
    events: inEventOrder(request.events),
    includePersonalData: request.include_personal_data,
    secretSealed: '',
    createdBy: { id: actor.id, name: actor.name },
  });
  const sealer = await webhookSecretSealer(tx, config.secretsKey);
  const endpoint = await updateWebhookEndpoint(tx, made.id, { secretSealed: sealer.seal(secret, webhookSecretPurpose(made.id)) });
  await recordAudit(tx, actor, {
    action: 'webhook_endpoint_created',
    object: webhookEndpointObject(endpoint),
    details: { kind: endpoint.kind, events: endpoint.events.join(', '), include_personal_data: endpoint.includePersonalData },
  });
  return { ...presentWebhookEndpoint(endpoint), secret };
}

async function existingEndpoint(tx: Db, id: number): Promise<WebhookEndpointRecord> {
  const endpoint = await findWebhookEndpoint(tx, id, { forUpdate: true });
  if (!endpoint) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  return endpoint;
}

/** Changes an endpoint's description, events, personal-data setting or enabled state; enabling clears its failures. */
export async function changeWebhookEndpoint(tx: Db, actor: StaffActor, id: number, request: UpdateWebhookEndpointRequest): Promise<WebhookEndpointRow> {
  const before = await existingEndpoint(tx, id);
  const changes: Partial<WebhookEndpointRecord> = {};
  if (request.description !== undefined) changes.description = request.description;
  if (request.events !== undefined) {
    if (isChatKind(before.kind) && request.events.some((event) => !(CHAT_ALERT_EVENT_TYPES as readonly string[]).includes(event))) {
      throw new HttpError(400, WEBHOOK_MESSAGES.chatEventNotAllowed, 'events');
    }
    changes.events = inEventOrder(request.events);
  }
  if (request.include_personal_data !== undefined) changes.includePersonalData = request.include_personal_data;
  if (request.enabled !== undefined && request.enabled !== before.enabled) {
    changes.enabled = request.enabled;
    changes.disabledReason = null;
    changes.failingSince = null;
  }
  const endpoint = Object.keys(changes).length === 0 ? before : await updateWebhookEndpoint(tx, id, changes);
  await recordAudit(tx, actor, {
    action: 'webhook_endpoint_changed',
    object: webhookEndpointObject(endpoint),
    details: { events: endpoint.events.join(', '), include_personal_data: endpoint.includePersonalData, enabled: endpoint.enabled },
  });
  return presentWebhookEndpoint(endpoint);
}

export async function removeWebhookEndpoint(tx: Db, actor: StaffActor, id: number): Promise<void> {
  const endpoint = await existingEndpoint(tx, id);
  await deleteWebhookEndpoint(tx, id);
  await recordAudit(tx, actor, { action: 'webhook_endpoint_deleted', object: webhookEndpointObject(endpoint) });
}

/**
 * A new signing secret, shown once. The old one keeps signing beside it (a second signature in the header) for
 * WEBHOOK_PREVIOUS_SECRET_HOURS, so a receiver can switch without refusing a delivery.
 */
export async function rotateWebhookSecret(tx: Db, actor: StaffActor, config: SecretsConfig, id: number, now: Date): Promise<WebhookEndpointWithSecret> {
  const before = await existingEndpoint(tx, id);
  const secret = newWebhookSecret();
  const sealer = await webhookSecretSealer(tx, config.secretsKey);
  const endpoint = await updateWebhookEndpoint(tx, id, {
    secretSealed: sealer.seal(secret, webhookSecretPurpose(id)),
    previousSecretSealed: before.secretSealed,
    previousSecretUntil: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000),
    secretRotatedAt: now,
  });
  await recordAudit(tx, actor, { action: 'webhook_secret_rotated', object: webhookEndpointObject(endpoint) });
  return { ...presentWebhookEndpoint(endpoint), secret };
}

/** Sends a settled delivery again, with the same webhook-id and body, on a fresh schedule of attempts. */
export async function redeliverWebhook(tx: Db, actor: StaffActor, endpointId: number, deliveryId: number): Promise<WebhookDeliveryRow> {
  const endpoint = await existingEndpoint(tx, endpointId);
  const delivery = await findWebhookDelivery(tx, deliveryId, { forUpdate: true });
  if (delivery?.endpointId !== endpointId) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
  if (delivery.status !== 'pending') {
    await saveDeliveryAttempt(tx, deliveryId, { status: 'pending', attempts: 0, nextAttemptAt: new Date() });
    if (!(await earlierPendingDelivery(tx, delivery))) await queueWebhookDelivery(tx, deliveryId);
  }
  await recordAudit(tx, actor, { action: 'webhook_redelivered', object: webhookEndpointObject(endpoint), details: { event: delivery.eventType, webhook_id: delivery.messageId } });
  const again = await findWebhookDelivery(tx, deliveryId);
  if (!again) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
  return presentWebhookDelivery(again);
}

/** The data of an event without the visitor's personal data: no `visitor`, and the named free-text fields masked (a text, or each text of a list). */
function withoutPersonalData<Data extends Record<string, unknown>>(data: Data, freeText: readonly (keyof Data)[]): Data {
  const copy: Record<string, unknown> = { ...data };
  delete copy.visitor;
  for (const field of freeText) {
    const value = copy[field as string];
    if (typeof value === 'string') copy[field as string] = maskPersonalData(value);
    if (Array.isArray(value)) copy[field as string] = value.map((item: unknown) => (typeof item === 'string' ? maskPersonalData(item) : item));
  }
  return copy as Data;
}

export interface WebhookEvent<Type extends WebhookEventType> {
  type: Type;
  /** The record the event is about (`help_request:12`): its events reach each endpoint in the order they happened. */
  recordKey: string;
  /** The record in the dashboard, from PUBLIC_URL (`/help-requests/12`); the body's `url`. */
  path: string;
  data: Omit<WebhookPayloadData<Type>, 'url'>;
  /** The fields of `data` holding a visitor's words, masked for endpoints without personal data. */
  freeText: readonly string[];
}

/**
 * Tells every enabled endpoint that chose this event, in the caller's transaction (so an event rolled back is never
 * sent): one delivery each, its data fixed now, and its first attempt queued unless an earlier event of the same
 * record still waits for that endpoint (its settling queues this one).
 */
export async function emitWebhookEvent<Type extends WebhookEventType>(tx: Db, event: WebhookEvent<Type>): Promise<void> {
  const endpoints = await endpointsReceiving(tx, event.type);
  for (const endpoint of endpoints) {
    const data = endpoint.includePersonalData ? event.data : withoutPersonalData(event.data as Record<string, unknown>, event.freeText);
    const delivery = await insertWebhookDelivery(tx, {
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: event.type,
      recordKey: event.recordKey,
      recordPath: event.path,
      data: JSON.stringify(data),
    });
    if (!(await earlierPendingDelivery(tx, delivery))) await queueWebhookDelivery(tx, delivery.id);
  }
}
