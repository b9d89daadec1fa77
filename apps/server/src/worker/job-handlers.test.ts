import { describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../mail/mail-queue.ts';
import { DOCUMENT_INGESTION_QUEUE } from '../modules/documents/document-ingestion-queue.ts';
import { INFORM_THE_BOT_INDEXING_QUEUE } from '../modules/inform-the-bot/inform-the-bot-indexing.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import { jobLanes } from './job-handlers.ts';

describe('jobLanes', () => {
  it('puts every queue in exactly one lane, and mail apart from document indexing', () => {
    const handler: JobHandler = async () => undefined;
    const queues = [MAIL_QUEUE, DOCUMENT_INGESTION_QUEUE, INFORM_THE_BOT_INDEXING_QUEUE, 'clean-up'];
    const [quick, slow] = jobLanes(new Map(queues.map((queue) => [queue, handler])));
    expect([...(quick?.keys() ?? [])]).toEqual([MAIL_QUEUE, 'clean-up']);
    expect([...(slow?.keys() ?? [])]).toEqual([DOCUMENT_INGESTION_QUEUE, INFORM_THE_BOT_INDEXING_QUEUE]);
  });
});
