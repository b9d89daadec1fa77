import { sql } from 'drizzle-orm';
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
import { SESSION_MAX_AGE_MS } from '../modules/auth/sessions.repository.ts';
import { LOGIN_THROTTLE } from '../modules/auth/login-throttle.ts';
import { TRUSTED_BROWSER_DAYS } from '../modules/auth/trusted-browsers.repository.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import { schedulePeriodicJob } from '../jobs/periodic-jobs.ts';

export const CLEAN_UP_QUEUE = 'clean-up';

/** The clean-up runs this often. */
export const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

/** At start-up: books the first clean-up a minute from now, unless one is already waiting. */
export const scheduleCleanUp = (db: Db): Promise<void> => schedulePeriodicJob(db, CLEAN_UP_QUEUE, new Date(Date.now() + 60_000));

/** How long rows that no longer do anything are kept (docs/operations.md lists them). */
export const RETENTION = {
  /** Used or expired invitation, reset and sign-in keys: kept a while so a second click still says "already used" or "expired". */
  spentTokenDays: 30,
  /** Finished background jobs, for looking into what happened. */
  doneJobDays: 7,
  /** Jobs that gave up, with their last error. */
  failedJobDays: 30,
  /** Rate-limit windows: longer than the longest window of any rule (one hour). */
  rateLimitHours: 24,
} as const;

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

const deleted = async (db: Db, query: ReturnType<typeof sql>): Promise<number> => {
  const result = (await db.execute(query)) as unknown as { affectedRows?: number; rowCount?: number | null };
  // PGlite answers affectedRows, node-postgres rowCount.
  return result.affectedRows ?? result.rowCount ?? 0;
};

/**
 * Deletes expired sessions (idle or past their absolute age), spent keys, old finished jobs,
 * stale rate-limit rows and sign-in throttles, browsers no longer trusted, and the visitors' data and audit
 * entries past their retention (Bot Settings' Data retention, else RETENTION_*_DAYS and AUDIT_RETENTION_DAYS;
 * docs/privacy.md), those in batches. Every delete is idempotent, so two instances running it at once do no harm.
 */
export async function cleanUp(db: Db, config: CleanUpConfig): Promise<CleanUpCounts> {
  const retention = await retentionInForce(db, config);
  const keptFor = async (days: number | null, purge: (db: Db, before: Date) => Promise<number>): Promise<number> =>
    days === null ? 0 : purge(db, cutOff(days));
  const housekeeping = {
    sessions: await deleted(db, sql`
      DELETE FROM sessions
      WHERE expires_at <= now() OR created_at <= now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
    tokens: await deleted(db, sql`
      DELETE FROM auth_tokens
      WHERE coalesce(used_at, expires_at) <= now() - make_interval(days => ${RETENTION.spentTokenDays})`),
    jobs: await deleted(db, sql`
      DELETE FROM jobs
      WHERE (status = 'done' AND finished_at <= now() - make_interval(days => ${RETENTION.doneJobDays}))
         OR (status = 'failed' AND finished_at <= now() - make_interval(days => ${RETENTION.failedJobDays}))`),
    rateLimits: await deleted(db, sql`
      DELETE FROM rate_limits WHERE window_started_at <= now() - make_interval(hours => ${RETENTION.rateLimitHours})`),
    // A pair or device idle this long starts again from nothing anyway; one still waiting out its delay is kept.
    loginThrottles: await deleted(db, sql`
      DELETE FROM login_throttles
      WHERE updated_at <= now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours}) AND blocked_until <= now()`),
    trustedBrowsers: await deleted(db, sql`
      DELETE FROM trusted_browsers WHERE verified_at <= now() - make_interval(days => ${TRUSTED_BROWSER_DAYS})`),
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
