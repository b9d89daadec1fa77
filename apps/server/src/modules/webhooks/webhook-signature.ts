import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@steward/contract/webhooks';

/**
 * The Standard Webhooks signature (spec/standard-webhooks.md): HMAC-SHA256, keyed with the secret's bytes (the
 * base64 after `whsec_`), over `<webhook-id>.<webhook-timestamp>.<body>`, written `v1,<base64>`. Several
 * signatures (a rotation's old and new secret) go in one header, separated by spaces.
 */
export function webhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** A new endpoint secret: 32 random bytes (the spec asks for 24 to 64), as `whsec_<base64>`. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A webhook-id: unique, opaque, the same on every attempt of one delivery. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/** The three headers of one attempt; `secrets` are the endpoint's current one and, during a rotation, the previous one. */
export function signedHeaders(secrets: readonly string[], messageId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Steward webhooks',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => webhookSignature(secret, messageId, timestamp, body)).join(' '),
  };
}
