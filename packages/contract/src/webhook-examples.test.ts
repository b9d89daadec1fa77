import { describe, expect, it } from 'vitest';
import { WEBHOOK_PAYLOAD_EXAMPLES } from './webhook-examples.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOADS } from './webhooks.ts';

describe('the webhook examples', () => {
  it.each(WEBHOOK_EVENT_TYPES)('%s: its example is a body its schema accepts, and the screen has a label for it', (type) => {
    expect(WEBHOOK_PAYLOADS[type].parse(WEBHOOK_PAYLOAD_EXAMPLES[type])).toEqual(WEBHOOK_PAYLOAD_EXAMPLES[type]);
    expect(WEBHOOK_PAYLOAD_EXAMPLES[type].type).toBe(type);
    expect(WEBHOOK_EVENT_LABELS[type]).toMatch(/^A/);
  });
});
