import { describe, expect, it } from 'vitest';
import { MAIL_QUEUE, NOTIFICATION_MAIL_QUEUE } from '../mail/mail-queue.ts';
import { DOCUMENT_INGESTION_QUEUE } from '../modules/documents/document-ingestion-queue.ts';
import { INFORM_THE_BOT_INDEXING_QUEUE } from '../modules/inform-the-bot/inform-the-bot-indexing.ts';
import { WEBHOOK_DELIVERY_QUEUE } from '../modules/webhooks/webhook-delivery-queue.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import { jobLanes } from './job-handlers.ts';

const handler: JobHandler = async () => undefined;
const lanesOf = (queues: string[]) => jobLanes(new Map(queues.map((queue) => [queue, handler]))).map((lane) => [...lane.keys()]);

describe('jobLanes', () => {
  it('puts every queue in exactly one lane: mail apart from document indexing, calls to others\' servers and notifications to many', () => {
    // A webhook or Slack receiver that never answers holds its delivery for WEBHOOK_TIMEOUT_MS (15 s): in the mail's
    // lane, an invitation waited behind it (CI, 30 Nov 2026: a test's mail not there after 18 s). So did one behind
    // the approval requests of four new items to some 180 approvers (CI, 1 Dec 2026: not there after 16.5 s).
    expect(lanesOf([MAIL_QUEUE, NOTIFICATION_MAIL_QUEUE, WEBHOOK_DELIVERY_QUEUE, DOCUMENT_INGESTION_QUEUE, INFORM_THE_BOT_INDEXING_QUEUE, 'clean-up'])).toEqual([
      [MAIL_QUEUE, 'clean-up'],
      [NOTIFICATION_MAIL_QUEUE, WEBHOOK_DELIVERY_QUEUE],
      [DOCUMENT_INGESTION_QUEUE, INFORM_THE_BOT_INDEXING_QUEUE],
    ]);
  });

  it('starts no worker for a lane without queues', () => {
    expect(lanesOf([MAIL_QUEUE])).toEqual([[MAIL_QUEUE]]);
  });
});
