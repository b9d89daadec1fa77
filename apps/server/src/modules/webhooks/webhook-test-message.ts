import { WEBHOOK_MESSAGES, type WebhookTestMessageResult } from '@steward/contract/webhooks';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { CHAT_HEADERS, chatMessageBody, testChatAlert } from './chat-messages.ts';
import { postWebhook, succeeded } from './webhook-delivery.ts';
import { webhookEndpointObject } from './webhooks.actions.ts';
import { findWebhookEndpoint } from './webhooks.repository.ts';

/**
 * "Send a test message" (POST /api/webhook-endpoints/{id}/test-message): one message to a Slack or Teams endpoint,
 * now, through the same SSRF-guarded poster as its deliveries (not queued, not retried, not a delivery), audited with
 * the receiver's answer. Sent whether or not the endpoint is enabled: it is how an administrator checks it.
 */
export async function sendWebhookTestMessage(db: Db, actor: StaffActor, config: Config, id: number): Promise<WebhookTestMessageResult> {
  const endpoint = await findWebhookEndpoint(db, id);
  if (!endpoint) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  if (endpoint.kind === 'standard') throw new HttpError(400, WEBHOOK_MESSAGES.testMessageStandard);
  const body = chatMessageBody(endpoint.kind, testChatAlert(config.assistantName, config.publicUrl));
  const attempt = await postWebhook(endpoint.url, body, CHAT_HEADERS, config);
  const result: WebhookTestMessageResult = {
    sent: succeeded(attempt),
    status_code: attempt.statusCode,
    error: succeeded(attempt) ? null : attempt.statusCode === null ? attempt.excerpt : attempt.excerpt.slice(0, 200) || null,
  };
  await recordAudit(db, actor, {
    action: 'webhook_test_message_sent',
    object: webhookEndpointObject(endpoint),
    details: { sent: result.sent, status_code: result.status_code ?? 'none' },
  });
  return result;
}
