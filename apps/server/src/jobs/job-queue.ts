import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { type SqlRow, sqlRows } from '../db/sql-rows.ts';

export type JobHandler = (payload: Record<string, unknown>, context: { attempt: number }) => Promise<void>;

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
 * How long a claimed job is ours; a crashed worker's job is claimed again after this. A job that
 * runs longer (a big PDF) renews its lease every third of it, so no other instance takes it over.
 */
const LEASE_SECONDS = 300;
const LEASE_RENEWAL_MS = (LEASE_SECONDS * 1000) / 3;

/** Waits 30 s, 2 min, 8 min, … between attempts. */
export const retryDelayMs = (attempt: number): number => 30_000 * 4 ** Math.max(0, attempt - 1);

/**
 * Claims one ready job of the given queues. FOR UPDATE SKIP LOCKED lets several app
 * instances share one queue on PostgreSQL without two of them taking the same job.
 */
async function claimJob(db: Db, queues: readonly string[]) {
  const rows = await sqlRows<Pick<SqlRow<typeof jobs>, 'id' | 'queue' | 'payload' | 'attempts' | 'max_attempts'>>(db, sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
                    locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = (
      SELECT id FROM jobs
      WHERE queue IN (${sql.join(queues.map((queue) => sql`${queue}`), sql`, `)})
        AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, queue, payload, attempts, max_attempts`);
  return rows[0];
}

/** Runs one ready job if there is one; answers whether it did. */
export async function runNextJob(
  db: Db,
  handlers: ReadonlyMap<string, JobHandler>,
  log: FastifyBaseLogger,
  options: { leaseRenewalMs?: number } = {},
): Promise<boolean> {
  if (handlers.size === 0) return false;
  const job = await claimJob(db, [...handlers.keys()]);
  if (!job) return false;
  const handler = handlers.get(job.queue);
  const renewal = setInterval(() => {
    renewLease(db, Number(job.id)).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'));
  }, options.leaseRenewalMs ?? LEASE_RENEWAL_MS);
  try {
    if (!handler) throw new Error(`No handler for queue ${job.queue}`);
    await handler(job.payload, { attempt: job.attempts });
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(jobs.id, Number(job.id)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= job.max_attempts;
    log.error({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts, giveUp }, 'background job failed');
    await db
      .update(jobs)
      .set(
        giveUp
          ? { status: 'failed', finishedAt: new Date(), lockedUntil: null, lastError: message }
          : { status: 'queued', runAt: new Date(Date.now() + retryDelayMs(job.attempts)), lockedUntil: null, lastError: message },
      )
      .where(and(eq(jobs.id, Number(job.id)), eq(jobs.status, 'running')));
  } finally {
    clearInterval(renewal);
  }
  return true;
}

async function renewLease(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE id = ${id} AND status = 'running'`);
}

/**
 * At start on the embedded database, which one process owns (the DATA_DIR lock): every job still
 * marked running was cut off by a crash or kill -9, so it is ready again now rather than when its
 * lease ends. Its interrupted run counts as one of its attempts. Answers how many were released.
 */
export async function releaseInterruptedJobs(db: Db): Promise<number> {
  const rows = await sqlRows<{ id: number }>(db, sql`
    UPDATE jobs SET status = 'queued', locked_until = NULL, run_at = now() WHERE status = 'running' RETURNING id`);
  return rows.length;
}

export interface JobWorker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Finishes the job in hand, then stops. */
  stop(): Promise<void>;
}

/** Polls for jobs and runs them one at a time, so background work never crowds out requests. */
export function startJobWorker(
  db: Db,
  handlers: ReadonlyMap<string, JobHandler>,
  log: FastifyBaseLogger,
  // A claim is one indexed query (well under a millisecond), so a mail waits at most half a second.
  pollMs = 500,
): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = async () => {
    timer = undefined;
    try {
      while (!stopped && (await runNextJob(db, handlers, log))) {
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
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
