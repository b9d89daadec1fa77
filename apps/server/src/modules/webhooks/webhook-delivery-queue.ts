import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/** The job queue sending one attempt of one delivery: { deliveryId }. webhook-delivery.ts handles it. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export const queueWebhookDelivery = (db: Db, deliveryId: number, runAt?: Date): Promise<number> =>
  enqueueJob(db, WEBHOOK_DELIVERY_QUEUE, { deliveryId }, runAt ? { runAt } : {});
