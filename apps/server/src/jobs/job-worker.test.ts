import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { enqueueJob, type JobHandler } from './job-queue.ts';
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
      { owner: 'host-a:3000' },
    );
    await running;
    await worker.stop(100);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    finish();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobRow(id))?.status).toBe('queued');
  });
});
