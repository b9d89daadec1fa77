import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { upkeepEmbeddedDatabase } from '../db/embedded-upkeep.ts';
import { purgeExpiredAuditEntries } from '../modules/audit-log/audit-log-retention.ts';
import { retentionInForce } from '../modules/bot-settings/data-retention.repository.ts';
import { recordRetentionPurge } from '../modules/privacy/privacy.actions.ts';
import {
  purgeChatSessionsBefore,
  purgeFeedbackBefore,
  purgeHelpRequestsBefore,
  purgeHistoryBefore,
} from '../modules/privacy/retention-purge.repository.ts';
import { purgeExpiredAuthRows } from '../modules/auth/auth-expiry.repository.ts';
import { type JobHandler, purgeEndedJobs } from '../jobs/job-queue.ts';
import { purgeStaleRateLimits } from '../lib/rate-limit.ts';
import { schedulePeriodicJob } from '../jobs/periodic-jobs.ts';

export const CLEAN_UP_QUEUE = 'clean-up';

/** The clean-up runs this often. */
export const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

/** At start-up: books the first clean-up a minute from now, unless one is already waiting. */
export const scheduleCleanUp = (db: Db): Promise<void> => schedulePeriodicJob(db, CLEAN_UP_QUEUE, new Date(Date.now() + 60_000));

export type CleanUpCounts = Record<
  | 'sessions'
  | 'tokens'
  | 'jobs'
  | 'rateLimits'
  | 'loginThrottles'
  | 'trustedBrowsers'
  | 'auditEntries'
  | 'history'
  | 'chatSessions'
  | 'feedback'
  | 'helpRequests'
  /** How long the retention's deletes took, in milliseconds (the visitors' data and the audit log). */
  | 'retentionMilliseconds',
  number
>;

type CleanUpConfig = Pick<Config, 'auditRetentionDays' | 'retentionDefaults'>;

const DAY_MS = 86_400_000;
const cutOff = (days: number): Date => new Date(Date.now() - days * DAY_MS);

/**
 * Has each owner delete its rows that no longer do anything (auth's expired sessions, spent keys, idle sign-in
 * throttles and browsers no longer trusted; the job queue's old ended jobs; stale rate-limit windows), then
 * deletes the visitors' data and audit entries past their retention (Bot Settings' Data retention, else RETENTION_*_DAYS and AUDIT_RETENTION_DAYS;
 * docs/privacy.md), those in batches. Every delete is idempotent, so two instances running it at once do no harm.
 */
export async function cleanUp(db: Db, config: CleanUpConfig): Promise<CleanUpCounts> {
  const retention = await retentionInForce(db, config);
  const keptFor = async (days: number | null, purge: (db: Db, before: Date) => Promise<number>): Promise<number> =>
    days === null ? 0 : purge(db, cutOff(days));
  const housekeeping = {
    ...(await purgeExpiredAuthRows(db)),
    jobs: await purgeEndedJobs(db),
    rateLimits: await purgeStaleRateLimits(db),
  };
  const started = performance.now();
  const purged = {
    history: await keptFor(retention.history, purgeHistoryBefore),
    chatSessions: await keptFor(retention.history, purgeChatSessionsBefore),
    feedback: await keptFor(retention.feedback, purgeFeedbackBefore),
    helpRequests: await keptFor(retention.helpRequests, purgeHelpRequestsBefore),
    auditEntries: retention.auditLog === null ? 0 : await purgeExpiredAuditEntries(db, retention.auditLog),
  };
  return { ...housekeeping, ...purged, retentionMilliseconds: Math.round(performance.now() - started) };
}

/**
 * One clean-up run: the deletes, then one audit entry with the counts of the visitors' data and audit entries
 * deleted past their retention, when there were any (a run that deleted none of them leaves no entry).
 */
export async function cleanUpAndRecord(db: Db, config: CleanUpConfig): Promise<CleanUpCounts> {
  const counts = await cleanUp(db, config);
  await db.transaction((tx) => recordRetentionPurge(tx, counts));
  return counts;
}

/**
 * Books the next run first, so a failing clean-up still comes back in an hour. On the embedded database
 * it then does autovacuum's work (embedded-upkeep.ts); a PostgreSQL server's autovacuum does it there.
 */
export const cleanUpHandler =
  ({ db, config, log }: { db: Db; config: CleanUpConfig & Pick<Config, 'databaseUrl'>; log: FastifyBaseLogger }): JobHandler =>
  async () => {
    await schedulePeriodicJob(db, CLEAN_UP_QUEUE, new Date(Date.now() + CLEAN_UP_EVERY_MS));
    const counts = await cleanUpAndRecord(db, config);
    log.info({ deleted: counts }, 'clean-up finished');
    if (config.databaseUrl) return;
    const started = performance.now();
    const { tables, searchIndexes } = await upkeepEmbeddedDatabase(db);
    const milliseconds = Math.round(performance.now() - started);
    if (tables.length > 0 || searchIndexes.length > 0) log.info({ tables, searchIndexes, milliseconds }, 'embedded database upkeep done');
  };
