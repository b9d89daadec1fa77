import type { HelpRequest } from '@steward/contract/help-requests';
import type { WebhookEventType } from '@steward/contract/webhooks';
import type { Db } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.actions.ts';

type HelpRequestEvent = Extract<WebhookEventType, `help_request.${string}`>;

/** Tells webhook endpoints of a help request created, resolved or reopened (docs/integrations.md). */
export async function helpRequestWebhook(
  tx: Db,
  type: HelpRequestEvent,
  helpRequest: Pick<HelpRequest, 'id' | 'status' | 'message' | 'origin_url' | 'time' | 'name' | 'email'>,
): Promise<void> {
  await emitWebhookEvent(tx, {
    type,
    recordKey: `help_request:${helpRequest.id}`,
    path: `/help-requests/${helpRequest.id}`,
    data: {
      id: helpRequest.id,
      status: helpRequest.status,
      message: helpRequest.message,
      origin_url: helpRequest.origin_url,
      created_at: helpRequest.time,
      visitor: { name: helpRequest.name, email: helpRequest.email },
    },
    freeText: ['message'],
  });
}
