import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { alwaysReachable, type DatabaseReachability, isDatabaseUnreachable } from '../db/database-reachability.ts';
import { DEFAULT_OWNER, handBack, type JobHandler, queueList, type RunOptions, runNextJob, untilReachable } from './job-queue.ts';

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

export interface WorkerOptions {
  /** A claim is one indexed query (well under a millisecond), so a mail waits at most half a second. */
  pollMs?: number;
  owner?: string;
  metrics?: RunOptions['metrics'];
  /** Whether the database answers; while it does not, the worker waits instead of polling. */
  reachability?: DatabaseReachability;
}

/**
 * Polls for jobs and runs them one at a time, so background work never crowds out requests. While the database
 * is gone the worker pauses (no poll, no log line per poll: the reachability watch says it once); when it answers
 * again, the job its loss cut off is handed back without using up an attempt, and the worker goes on.
 */
export function startJobWorker(db: Db, handlers: ReadonlyMap<string, JobHandler>, log: FastifyBaseLogger, options: WorkerOptions = {}): JobWorker {
  const { pollMs = 500, owner = DEFAULT_OWNER, metrics, reachability = alwaysReachable } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();
  const thisLane = sql`locked_by = ${owner} AND queue IN (${queueList([...handlers.keys()])})`;
  const loop = async () => {
    timer = undefined;
    try {
      while (!stopped && (await runNextJob(db, handlers, log, { owner, signal: stopping.signal, reachability, ...(metrics ? { metrics } : {}) }))) {
        // keep draining while there is work
      }
    } catch (error) {
      if (isDatabaseUnreachable(error)) await resumeAfterLoss(error);
      else log.error({ err: error }, 'job worker could not poll the queue');
    }
    if (!stopped) timer = setTimeout(schedule, pollMs);
  };
  const resumeAfterLoss = async (error: unknown) => {
    reachability.report(error);
    if (!(await untilReachable(reachability, stopping.signal))) return;
    // This lane runs one job at a time: whatever it still holds was cut off by the loss.
    const handedBack = await handBack(db, thisLane).catch(() => 0);
    if (handedBack > 0) log.info({ handedBack }, 'background job cut off by the database\'s loss handed back: it runs again, without losing an attempt');
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
        // With the database gone, the job's lease ends by itself and it runs again elsewhere.
        const handedBack = await handBack(db, thisLane).catch(() => 0);
        if (handedBack > 0) log.warn(`${handedBack} background job(s) still running at the stop were handed back, to run again without losing an attempt.`);
      }
    },
  };
}
