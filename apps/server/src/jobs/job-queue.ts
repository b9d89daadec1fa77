import os from 'node:os';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { type SqlRow, sqlRows } from '../db/sql-rows.ts';
import type { Metrics, QueueState } from '../lib/metrics.ts';

export interface JobContext {
  /** 1 for the first run, counting runs a crash cut off. */
  attempt: number;
  /** The job's id: stable across attempts (a mail's Message-ID is made from it). */
  jobId: number;
  /** Aborted when the instance stops gracefully: a long job checks it between steps and stops there. */
  signal: AbortSignal;
}

/** A handler run once, outside the queue (`npm run reindex`, tests): the first attempt, never stopped. */
export const outsideTheQueue = (): JobContext => ({ attempt: 1, jobId: 0, signal: new AbortController().signal });

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

const queueList = (queues: readonly string[]) => sql.join(queues.map((queue) => sql`${queue}`), sql`, `);

/**
 * Claims one ready job of the given queues: a queued one that is due, or a running one whose lease ended
 * (its instance died). FOR UPDATE SKIP LOCKED lets several app instances share one queue on PostgreSQL
 * without two of them taking the same job. The claim counts an attempt; a job answered with more attempts
 * than it may have was cut off on its last one and is not run again.
 */
async function claimJob(db: Db, queues: readonly string[], owner: string) {
  const rows = await sqlRows<Pick<SqlRow<typeof jobs>, 'id' | 'queue' | 'payload' | 'attempts' | 'max_attempts'>>(db, sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${owner},
                    locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = (
      SELECT id FROM jobs
      WHERE queue IN (${queueList(queues)})
        AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, queue, payload, attempts, max_attempts`);
  return rows[0];
}

export interface RunOptions {
  leaseRenewalMs?: number;
  /** The instance's name (jobOwnerName); tests run as one instance. */
  owner?: string;
  /** Aborted by a graceful stop: the job is handed back without using up an attempt. */
  signal?: AbortSignal;
  metrics?: Pick<Metrics, 'jobsFinished' | 'jobSeconds'>;
}

const DEFAULT_OWNER = 'this-instance';

/** Runs one ready job if there is one; answers whether it did. */
export async function runNextJob(db: Db, handlers: ReadonlyMap<string, JobHandler>, log: FastifyBaseLogger, options: RunOptions = {}): Promise<boolean> {
  if (handlers.size === 0) return false;
  const owner = options.owner ?? DEFAULT_OWNER;
  const job = await claimJob(db, [...handlers.keys()], owner);
  if (!job) return false;
  const id = Number(job.id);
  const handler = handlers.get(job.queue);
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
  const finished = (outcome: 'done' | 'retry' | 'failed' | 'handed_back') => {
    timer?.();
    options.metrics?.jobsFinished.inc({ queue: job.queue, outcome });
  };
  const renewal = setInterval(() => {
    renewLease(db, id, owner).catch((error: unknown) => log.warn({ err: error, jobId: id }, 'could not renew a job lease'));
  }, options.leaseRenewalMs ?? LEASE_RENEWAL_MS);
  try {
    if (!handler) throw new Error(`No handler for queue ${job.queue}`);
    await handler(job.payload, { attempt: job.attempts, jobId: id, signal });
    // A job handed back meanwhile (a stop that could not wait for it) is another run's now.
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: null })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, owner)));
    finished('done');
  } catch (error) {
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

/** The heartbeat: only the instance holding the job extends its lease. */
async function renewLease(db: Db, id: number, owner: string): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE id = ${id} AND status = 'running' AND locked_by = ${owner}`);
}

/** Running jobs made ready at once, their run not counted as an attempt. */
async function handBack(db: Db, which: SQL): Promise<number> {
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

export interface JobWorker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /**
   * Stops taking jobs and tells the one in hand to stop (its signal); waits for it at most `graceMs`, then
   * hands it back without using up an attempt, so another instance (or the next start) runs it again.
   */
  stop(graceMs?: number): Promise<void>;
}

/** How long a graceful stop waits for the job in hand by default. */
export const STOP_GRACE_MS = 10_000;

/** Polls for jobs and runs them one at a time, so background work never crowds out requests. */
export function startJobWorker(
  db: Db,
  handlers: ReadonlyMap<string, JobHandler>,
  log: FastifyBaseLogger,
  // A claim is one indexed query (well under a millisecond), so a mail waits at most half a second.
  { pollMs = 500, owner = DEFAULT_OWNER, metrics }: { pollMs?: number; owner?: string; metrics?: RunOptions['metrics'] } = {},
): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();
  const loop = async () => {
    timer = undefined;
    try {
      while (!stopped && (await runNextJob(db, handlers, log, { owner, signal: stopping.signal, ...(metrics ? { metrics } : {}) }))) {
        // keep draining while there is work
      }
    } catch (error) {
      log.error({ err: error }, 'job worker could not poll the queue');
    }
    if (!stopped) timer = setTimeout(schedule, pollMs);
  };
  const schedule = () => {
    running = running.then(loop);
  };
  schedule();
  return {
    wake: () => {
      if (timer) {
        clearTimeout(timer);
        schedule();
      }
    },
    stop: async (graceMs = STOP_GRACE_MS) => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopping.abort();
      let grace: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => {
          grace = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(grace);
      if (!finished) {
        const handedBack = await handBack(db, sql`locked_by = ${owner} AND queue IN (${queueList([...handlers.keys()])})`);
        if (handedBack > 0) log.warn(`${handedBack} background job(s) still running at the stop were handed back, to run again without losing an attempt.`);
      }
    },
  };
}

/** Every queue's waiting and running jobs and its oldest due job's wait, for GET /metrics (one indexed scan). */
export async function queueStates(db: Db): Promise<QueueState[]> {
  const rows = await sqlRows<{ queue: string; waiting: number; running: number; oldest_seconds: number }>(db, sql`
    SELECT queue,
           count(*)::int AS waiting,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'queued')), 0)::float8 AS oldest_seconds
      FROM jobs
     WHERE status = 'running' OR (status = 'queued' AND run_at <= now())
     GROUP BY queue`);
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, running: row.running, oldestSeconds: Number(row.oldest_seconds) }));
}
