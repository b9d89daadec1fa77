import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-jobs.ts';
import { queueDueDocumentSyncs } from './document-url-sources.actions.ts';
import { queueDueSyncs } from './site-sources.actions.ts';

/** The periodic job that queues the syncs their schedules make due: websites', and documents' added by URL. */
export const SITE_SYNC_SCHEDULE_QUEUE = 'site-sync-schedule';

/** How often due syncs are looked for: a daily sync runs at most this late. */
export const SITE_SYNC_CHECK_EVERY_MS = 15 * 60 * 1000;

/** At start-up: books the first look a minute from now, unless one is already waiting (any number of instances). */
export const scheduleSiteSyncs = (db: Db, now: Date = new Date()): Promise<void> =>
  schedulePeriodicJob(db, SITE_SYNC_SCHEDULE_QUEUE, new Date(now.getTime() + 60_000));

/**
 * Books its next run first (a failing run still comes back), then queues each due sync (queueDueSyncs). `clock`
 * is the time it acts at: tests pass one a week ahead rather than wait.
 */
export const siteSyncScheduleHandler =
  ({ db, log, clock = () => new Date() }: { db: Db; log: FastifyBaseLogger; clock?: () => Date }): JobHandler =>
  async () => {
    const now = clock();
    await schedulePeriodicJob(db, SITE_SYNC_SCHEDULE_QUEUE, new Date(now.getTime() + SITE_SYNC_CHECK_EVERY_MS));
    const queued = await queueDueSyncs(db, now);
    if (queued > 0) log.info({ queued }, 'scheduled website syncs queued');
    const documents = await queueDueDocumentSyncs(db, now);
    if (documents > 0) log.info({ queued: documents }, 'scheduled document syncs queued');
  };
