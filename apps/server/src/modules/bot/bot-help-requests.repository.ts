import type { BotHelpRequestRequest } from '@steward/contract/bot';
import type { Db } from '../../db/client.ts';
import { helpRequests } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { HELP_REQUEST_COUNTERS } from '../help-requests/help-requests.counters.ts';
import { HELP_REQUEST_CREATED_QUEUE, type HelpRequestCreatedPayload } from '../help-requests/help-request-created.ts';

export interface NewHelpRequest extends Omit<BotHelpRequestRequest, 'time' | 'country'> {
  time: Date;
  country: string;
}

/** Stores a pending help request, counts it, and queues the staff notification, all or nothing. */
export async function recordHelpRequest(db: Db, request: NewHelpRequest): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpRequests)
      .values({
        sessionId: request.session_id ?? null,
        name: request.name.trim(),
        email: request.email,
        message: request.message,
        originUrl: request.origin_url ?? null,
        status: 'pending',
        userIp: request.user_ip ?? '',
        country: request.country,
        time: request.time,
      })
      .returning({ id: helpRequests.id });
    if (!row) throw new Error('The help request was not stored.');
    await bumpCounters(tx, [HELP_REQUEST_COUNTERS.all, HELP_REQUEST_COUNTERS.pending], 1);
    const payload: HelpRequestCreatedPayload = { helpRequestId: row.id };
    await enqueueJob(tx, HELP_REQUEST_CREATED_QUEUE, { ...payload });
    return { id: row.id };
  });
}
