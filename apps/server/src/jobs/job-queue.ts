import os from 'node:os';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { deletedRows } from '../db/deleted-rows.ts';
import { counted, type SqlBigint, type SqlRow, sqlRows } from '../db/sql-rows.ts';
import { type DatabaseReachability, isDatabaseUnreachable } from '../db/database-reachability.ts';
import type { Metrics, QueueState } from '../lib/metrics.ts';

export interface JobContext {
  /** 1 for the first run, counting runs a crash cut off. */
  attempt: number;
  /** The job's id: stable across attempts (a mail's Message-ID is made from it). */
  jobId: number;
  /** Aborted when the instance stops gracefully: a long job checks it between steps and stops there. */
  signal: AbortSignal;
  /**
   * Renews the lease now, before a step that must not be done twice (a mail handed to the mail server): throws
   * JobTakenOverError when another instance took the job over meanwhile (this one stalled past its lease), so this
   * run stops there and leaves the step to the run that holds the job.
   */
  holdLease(): Promise<void>;
}

/** This run no longer holds its job: another instance took it over once its lease ended. */
export class JobTakenOverError extends Error {
  constructor(jobId: number) {
    super(`Background job ${jobId} was taken over by another instance: this run stops.`);
  }
}

/** A handler run once, outside the queue (`npm run reindex`, tests): the first attempt, never stopped. */
export const outsideTheQueue = (): JobContext => ({ attempt: 1, jobId: 0, signal: new AbortController().signal, holdLease: async () => undefined });

/**
 * One kind of background work. `giveUp`, when given, is told that a job will not run again because the
 * instance running its last attempt died (the handler never saw it fail): a document, say, is marked failed.
 */
export type JobHandler = ((payload: Record<string, unknown>, context: JobContext) => Promise<void>) & {
  giveUp?: (payload: Record<string, unknown>, reason: string) => Promise<void>;
};

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

/** Adds durable work; pass the transaction's db to enqueue atomically with the rows it concerns. */
export async function enqueueJob(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const rows = await db
    .insert(jobs)
    .values({ queue, payload, maxAttempts: options.maxAttempts ?? 5, runAt: options.runAt ?? new Date() })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? 0;
}

/**
 * How long a claimed job is ours without a heartbeat: the instance running it renews the lease every
 * LEASE_RENEWAL_MS, so a job held by an instance that died is taken over within LEASE_SECONDS.
 */
export const LEASE_SECONDS = 30;
const LEASE_RENEWAL_MS = 5_000;

/** Why a job ends failed without its handler failing: the instance running its last attempt stopped. */
export const LAST_ATTEMPT_CUT_OFF = 'The server running its last attempt stopped before it finished.';

/** Waits 30 s, 2 min, 8 min, … between attempts. */
export const retryDelayMs = (attempt: number): number => 30_000 * 4 ** Math.max(0, attempt - 1);

/**
 * The name an instance holds its jobs by: its host and port, the same after a restart, so a restarted
 * instance releases what its previous run held (releaseInterruptedJobs).
 */
export const jobOwnerName = (port: number): string => `${os.hostname()}:${port}`;

export const queueList = (queues: readonly string[]) => sql.join(queues.map((queue) => sql`${queue}`), sql`, `);

/**
 * Claims one ready job of the given queues: a queued one that is due, or a running one whose lease ended
 * (its instance died: a takeover, answered with the instance that held it). FOR UPDATE SKIP LOCKED lets several
 * app instances share one queue on PostgreSQL without two of them taking the same job. The claim counts an
 * attempt; a job answered with more attempts than it may have was cut off on its last one and is not run again.
 */
async function claimJob(db: Db, queues: readonly string[], owner: string) {
  const rows = await sqlRows<Pick<SqlRow<typeof jobs>, 'id' | 'queue' | 'payload' | 'attempts' | 'max_attempts'> & { taken_over_from: string | null }>(db, sql`
    WITH ready AS (
      SELECT id, CASE WHEN status = 'running' THEN coalesce(locked_by, 'an instance') END AS taken_over_from
      FROM jobs
      WHERE queue IN (${queueList(queues)})
        AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${owner},
                    locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM ready WHERE jobs.id = ready.id
    RETURNING jobs.id, jobs.queue, jobs.payload, jobs.attempts, jobs.max_attempts, ready.taken_over_from`);
  return rows[0];
}

export interface RunOptions {
  leaseRenewalMs?: number;
  /** The instance's name (jobOwnerName); tests run as one instance. */
  owner?: string;
  /** Aborted by a graceful stop: the job is handed back without using up an attempt. */
  signal?: AbortSignal;
  metrics?: Pick<Metrics, 'jobsFinished' | 'jobSeconds'>;
  /**
   * Whether the database answers: a job whose work is done while the database is gone is recorded done when it
   * is back (rather than run again), and one cut off by the loss is left to the worker, attempt unused.
   */
  reachability?: DatabaseReachability;
}

export const DEFAULT_OWNER = 'this-instance';

/** Runs one ready job if there is one; answers whether it did. */
export async function runNextJob(db: Db, handlers: ReadonlyMap<string, JobHandler>, log: FastifyBaseLogger, options: RunOptions = {}): Promise<boolean> {
  if (handlers.size === 0) return false;
  const owner = options.owner ?? DEFAULT_OWNER;
  const job = await claimJob(db, [...handlers.keys()], owner);
  if (!job) return false;
  const id = Number(job.id);
  const handler = handlers.get(job.queue);
  if (job.taken_over_from !== null) {
    log.info({ jobId: id, queue: job.queue, attempt: job.attempts, from: job.taken_over_from }, 'background job taken over: the instance running it stopped renewing its lease');
  }
  if (job.attempts > job.max_attempts) {
    await handler?.giveUp?.(job.payload, LAST_ATTEMPT_CUT_OFF).catch((error: unknown) => log.error({ err: error, jobId: id }, 'could not record a job given up'));
    log.error({ jobId: id, queue: job.queue, attempts: job.max_attempts }, `background job given up: ${LAST_ATTEMPT_CUT_OFF}`);
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: job.max_attempts, finishedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: LAST_ATTEMPT_CUT_OFF })
      .where(eq(jobs.id, id));
    return true;
  }
  const signal = options.signal ?? new AbortController().signal;
  const timer = options.metrics?.jobSeconds.startTimer({ queue: job.queue });
  const finished = (outcome: 'done' | 'retry' | 'failed' | 'handed_back' | 'taken_over') => {
    timer?.();
    options.metrics?.jobsFinished.inc({ queue: job.queue, outcome });
  };
  const renewal = setInterval(() => {
    renewLease(db, id, owner).catch((error: unknown) => {
      // The database's loss is said once, by the reachability watch; the lease is renewed again when it is back.
      if (isDatabaseUnreachable(error)) options.reachability?.report(error);
      else log.warn({ err: error, jobId: id }, 'could not renew a job lease');
    });
  }, options.leaseRenewalMs ?? LEASE_RENEWAL_MS);
  try {
    if (!handler) throw new Error(`No handler for queue ${job.queue}`);
    const holdLease = async () => {
      if (!(await renewLease(db, id, owner))) throw new JobTakenOverError(id);
    };
    await handler(job.payload, { attempt: job.attempts, jobId: id, signal, holdLease });
    // A job handed back meanwhile (a stop that could not wait for it) is another run's now. Its work is done:
    // recorded when the database answers again rather than done twice.
    await whenRecorded(options.reachability, signal, () =>
      db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: null })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, owner))),
    );
    finished('done');
  } catch (error) {
    // Cut off by the database's loss, not failed: the worker waits for it and hands the job back unused.
    if (isDatabaseUnreachable(error)) throw error;
    if (error instanceof JobTakenOverError) {
      log.info({ jobId: id, queue: job.queue }, 'background job taken over by another instance while this one ran it: this run stops');
      finished('taken_over');
      return true;
    }
    if (signal.aborted) {
      await handBack(db, sql`id = ${id} AND locked_by = ${owner}`);
      log.info({ jobId: id, queue: job.queue }, 'background job handed back at a graceful stop: it runs again, without losing an attempt');
      finished('handed_back');
      return true;
    }
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= job.max_attempts;
    log.error({ err: error, jobId: id, queue: job.queue, attempt: job.attempts, giveUp }, 'background job failed');
    await db
      .update(jobs)
      .set(
        giveUp
          ? { status: 'failed', finishedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: message }
          : { status: 'queued', runAt: new Date(Date.now() + retryDelayMs(job.attempts)), lockedUntil: null, lockedBy: null, lastError: message },
      )
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, owner)));
    finished(giveUp ? 'failed' : 'retry');
  } finally {
    clearInterval(renewal);
  }
  return true;
}

/**
 * Runs `record` (one statement recording a job's outcome); while the database is gone, again each time it
 * answers, until it is recorded or the instance stops (then the job's lease ends and it runs again elsewhere).
 */
async function whenRecorded(reachability: DatabaseReachability | undefined, signal: AbortSignal, record: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      await record();
      return;
    } catch (error) {
      if (!reachability || !isDatabaseUnreachable(error) || signal.aborted) throw error;
      reachability.report(error);
      if (!(await untilReachable(reachability, signal))) throw error;
    }
  }
}

/** Waits until the database answers (true) or `signal` is aborted (false). */
export async function untilReachable(reachability: DatabaseReachability, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([reachability.whenReachable().then(() => true), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** The heartbeat: only the instance holding the job extends its lease. Answers whether it still holds it. */
async function renewLease(db: Db, id: number, owner: string): Promise<boolean> {
  const renewed = await sqlRows<{ id: number }>(db, sql`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = ${id} AND status = 'running' AND locked_by = ${owner} RETURNING id`);
  return renewed.length > 0;
}

/** Running jobs made ready at once, their run not counted as an attempt. */
export async function handBack(db: Db, which: SQL): Promise<number> {
  const rows = await sqlRows<{ id: number }>(db, sql`
    UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = NULL, locked_by = NULL, run_at = now()
    WHERE status = 'running' AND ${which} RETURNING id`);
  return rows.length;
}

/**
 * At start: the jobs this instance's previous run left running were cut off by a crash or kill -9, so they
 * are ready again now rather than when their leases end. On the embedded database, which one process owns
 * (the DATA_DIR lock), that is every running job (`owner` undefined). The interrupted run counts as one of
 * its attempts, so a job that kills its instance each time ends (runNextJob). Answers how many were released.
 */
export async function releaseInterruptedJobs(db: Db, owner?: string): Promise<number> {
  const rows = await sqlRows<{ id: number }>(db, sql`
    UPDATE jobs SET status = 'queued', locked_until = NULL, locked_by = NULL, run_at = now()
    WHERE status = 'running' ${owner === undefined ? sql`` : sql`AND locked_by = ${owner}`} RETURNING id`);
  return rows.length;
}

/** Every queue's waiting (due, not yet claimed) and running jobs and its oldest due job's wait, for GET /metrics (one indexed scan). */
export async function queueStates(db: Db): Promise<QueueState[]> {
  const rows = await sqlRows<{ queue: string; waiting: number; running: number; oldest_seconds: number }>(db, sql`
    SELECT queue,
           count(*) FILTER (WHERE status = 'queued')::int AS waiting,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'queued')), 0)::float8 AS oldest_seconds
      FROM jobs
     WHERE status = 'running' OR (status = 'queued' AND run_at <= now())
     GROUP BY queue`);
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, running: row.running, oldestSeconds: Number(row.oldest_seconds) }));
}

/** How long ended jobs are kept, for looking into what happened. */
export const ENDED_JOB_KEPT_DAYS = { done: 7, failed: 30 } as const;

/** Deletes jobs ended longer ago than ENDED_JOB_KEPT_DAYS (the hourly clean-up runs it); answers how many. */
export const purgeEndedJobs = (db: Db): Promise<number> =>
  deletedRows(db, sql`
    DELETE FROM jobs
    WHERE (status = 'done' AND finished_at <= now() - make_interval(days => ${ENDED_JOB_KEPT_DAYS.done}))
       OR (status = 'failed' AND finished_at <= now() - make_interval(days => ${ENDED_JOB_KEPT_DAYS.failed}))`);

/** How many jobs of `queues` the condition `which` (on their payload and status) picks: what an erasure would drop. */
export async function countJobsWhere(db: Db, queues: readonly string[], which: SQL): Promise<number> {
  const [row] = await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM jobs WHERE queue IN (${queueList(queues)}) AND (${which})`);
  return counted(row?.count);
}

/** Deletes the jobs of `queues` that `which` picks, whatever their state (an erasure's); answers how many. */
export const dropJobsWhere = (tx: Db, queues: readonly string[], which: SQL): Promise<number> =>
  deletedRows(tx, sql`DELETE FROM jobs WHERE queue IN (${queueList(queues)}) AND (${which})`);

/** Makes the queued jobs of `queue` that `which` picks due now (one waiting to try again, say): they run at the next poll. */
export async function runQueuedNow(tx: Db, queue: string, which: SQL): Promise<void> {
  await tx.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${queue} AND status = 'queued' AND (${which})`);
}
