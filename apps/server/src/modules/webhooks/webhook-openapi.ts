import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { WEBHOOK_PAYLOAD_EXAMPLES } from '@steward/contract/webhook-examples';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOADS } from '@steward/contract/webhooks';

/**
 * The webhook bodies as OpenAPI components (`WebhookPayload.<event>`), from the contract's schemas: they are no route's
 * answer, so the generated document would not hold them otherwise; each with its example (the contract's, also in
 * docs/integrations.md).
 */
type OpenApiOptions = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;

/** The document's start (`info`) with the webhook bodies among its components. */
export const withWebhookPayloads = (openapi: OpenApiOptions): OpenApiOptions =>
  // zod writes OpenAPI 3.0's JSON Schema dialect; its type is JSON Schema's, wider than OpenAPI's SchemaObject.
  ({
    ...openapi,
    components: {
      ...openapi.components,
      schemas: Object.fromEntries(
        WEBHOOK_EVENT_TYPES.map((type) => [
          `WebhookPayload.${type}`,
          { ...z.toJSONSchema(WEBHOOK_PAYLOADS[type], { target: 'openapi-3.0' }), example: WEBHOOK_PAYLOAD_EXAMPLES[type] },
        ]),
      ),
    },
  }) as OpenApiOptions;
