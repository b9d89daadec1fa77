import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { enqueueJob } from './job-queue.ts';

/**
 * Makes sure one run of a periodic queue is waiting: adds one due at `runAt` when none is. Safe from any
 * number of app instances at once: a transaction-scoped advisory lock on the queue's name
 * lets one of them check and insert at a time.
 */
export async function schedulePeriodicJob(db: Db, queue: string, runAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`periodic:${queue}`}))`);
    const waiting = await sqlRows<{ id: number }>(tx, sql`SELECT id FROM jobs WHERE queue = ${queue} AND status = 'queued' LIMIT 1`);
    if (waiting.length === 0) await enqueueJob(tx, queue, {}, { runAt, maxAttempts: 3 });
  });
}
