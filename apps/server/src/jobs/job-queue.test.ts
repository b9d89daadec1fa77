import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { createMetrics } from '../lib/metrics.ts';
import { scaled } from '../test/slowdown.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { enqueueJob, type JobHandler, LAST_ATTEMPT_CUT_OFF, releaseInterruptedJobs, retryDelayMs, runNextJob } from './job-queue.ts';
import { startJobWorker } from './job-worker.ts';

const log = pino({ level: 'silent' });
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const only = (queue: string, handler: JobHandler) => new Map([[queue, handler]]);

describe('runNextJob', () => {
  it('runs a ready job once and marks it done', async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(database.db, 'test-done', { n: 1 });
    expect(await runNextJob(database.db, only('test-done', async (payload) => void seen.push(payload)), log)).toBe(true);
    expect(await runNextJob(database.db, only('test-done', async (payload) => void seen.push(payload)), log)).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('retries a failure later with back-off, and gives up after the last attempt with the reason', async () => {
    const id = await enqueueJob(database.db, 'test-fail', {}, { maxAttempts: 2 });
    const failing = only('test-fail', async () => {
      throw new Error('the mail server said no');
    });
    const before = Date.now();
    await runNextJob(database.db, failing, log);
    const retried = await jobRow(id);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the mail server said no' });
    expect(retried?.runAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1000);

    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
    await runNextJob(database.db, failing, log);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'the mail server said no' });
  });

  it('renews the lease of a long job so no other worker takes it over', async () => {
    const id = await enqueueJob(database.db, 'test-long', {});
    const lease = async () => (await jobRow(id))?.lockedUntil?.getTime() ?? 0;
    const leases: number[] = [];
    // The job lasts until its lease has been renewed (a heartbeat every 50 ms here), however long that takes.
    const long = only('test-long', async () => {
      const first = await lease();
      leases.push(first);
      await vi.waitFor(async () => expect(await lease()).toBeGreaterThan(first), { timeout: scaled(5_000), interval: 20 });
      leases.push(await lease());
    });
    await runNextJob(database.db, long, log, { leaseRenewalMs: 50 });
    expect(leases).toHaveLength(2);
    expect(leases[1]).toBeGreaterThan(leases[0] ?? Number.POSITIVE_INFINITY);
  });
});

describe('releaseInterruptedJobs', () => {
  it('makes the jobs a killed process left running ready at once, keeping their attempts', async () => {
    const id = await enqueueJob(database.db, 'test-killed', {});
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 300_000) })
      .where(eq(jobs.id, id));
    const handled: number[] = [];
    const handler = only('test-killed', async () => void handled.push(id));
    expect(await runNextJob(database.db, handler, log)).toBe(false);

    expect(await releaseInterruptedJobs(database.db)).toBe(1);
    expect(await runNextJob(database.db, handler, log)).toBe(true);
    expect(handled).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

/** A job as a killed instance leaves it: running, held by `owner`, its lease ended a second ago. */
async function heldByDeadInstance(queue: string, attempts: number, maxAttempts: number, owner = 'host-a:3000'): Promise<number> {
  const id = await enqueueJob(database.db, queue, { n: 1 }, { maxAttempts });
  await database.db.update(jobs).set({ status: 'running', attempts, lockedBy: owner, lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
  return id;
}

describe('jobs of an instance that died', () => {
  it('are taken over by another instance once the lease (seconds, renewed by heartbeat) ends, the cut-off run counted, and the takeover logged', async () => {
    const id = await heldByDeadInstance('test-takeover', 1, 3);
    const seen: number[] = [];
    const lines: Record<string, unknown>[] = [];
    const listening = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    expect(await runNextJob(database.db, only('test-takeover', async (_payload, { attempt }) => void seen.push(attempt)), listening, { owner: 'host-b:3000' })).toBe(true);
    expect(seen).toEqual([2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'background job taken over: the instance running it stopped renewing its lease', jobId: id, queue: 'test-takeover', attempt: 2, from: 'host-a:3000' }),
    ]);
  });

  it('are given up, not run again, when the cut-off run was the last attempt: the handler\'s giveUp records it', async () => {
    const id = await heldByDeadInstance('test-last', 3, 3);
    const ran: unknown[] = [];
    const gaveUp: string[] = [];
    const handler: JobHandler = Object.assign(async (payload: Record<string, unknown>) => void ran.push(payload), {
      giveUp: async (_payload: Record<string, unknown>, reason: string) => void gaveUp.push(reason),
    });
    expect(await runNextJob(database.db, only('test-last', handler), log, { owner: 'host-b:3000' })).toBe(true);
    expect(ran).toEqual([]);
    expect(gaveUp).toEqual([LAST_ATTEMPT_CUT_OFF]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: LAST_ATTEMPT_CUT_OFF, lockedBy: null });
  });

  it('are released at once by the same instance restarting, and only its own', async () => {
    const mine = await heldByDeadInstance('test-restart', 1, 3, 'host-a:3000');
    const theirs = await heldByDeadInstance('test-restart', 1, 3, 'host-b:3000');
    await database.db.update(jobs).set({ lockedUntil: new Date(Date.now() + 30_000) });
    expect(await releaseInterruptedJobs(database.db, 'host-a:3000')).toBe(1);
    expect(await jobRow(mine)).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null });
    expect(await jobRow(theirs)).toMatchObject({ status: 'running', lockedBy: 'host-b:3000' });
  });
});

describe('a graceful stop', () => {
  it('tells the job in hand to stop and hands it back without using up an attempt', async () => {
    const id = await enqueueJob(database.db, 'test-graceful', {}, { maxAttempts: 1 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = startJobWorker(
      database.db,
      only('test-graceful', async (_payload, { signal }) => {
        started();
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        signal.throwIfAborted();
      }),
      log,
      { owner: 'host-a:3000' },
    );
    await running;
    await worker.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
  });

  it('hands back a job that does not stop within the grace, and its late end does not mark it done', async () => {
    const id = await enqueueJob(database.db, 'test-stubborn', {});
    // The worker counts each run it ends: the count says when the late end has been dealt with.
    const metrics = createMetrics({ queueStates: async () => [], poolUse: () => undefined, databaseReachable: () => true });
    const runsEnded = async () => (await metrics.jobsFinished.get()).values.reduce((sum, entry) => sum + entry.value, 0);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const worker = startJobWorker(
      database.db,
      only('test-stubborn', async () => {
        started();
        await finishing;
      }),
      log,
      { owner: 'host-a:3000', metrics },
    );
    await running;
    await worker.stop(100);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    finish();
    await vi.waitFor(async () => expect(await runsEnded()).toBe(1), { timeout: scaled(5_000) });
    expect((await jobRow(id))?.status).toBe('queued');
  });
});
