import type { Db } from '../db/client.ts';

/**
 * The retention's deletes (docs/privacy.md) go a batch at a time, each batch its own short transaction, with a
 * pause after it: on the embedded database a statement holds every other query, and a dashboard request runs a
 * few queries, each waiting for its turn. Without the pause each of them waited behind a batch (history page 1's
 * p50 went from 6 to 76 ms during a purge, bench: the retention part); with a pause as long as the batch took,
 * the purge takes at most about half of the database's time.
 */

/** Rows per delete statement: about 25 ms of the embedded database's time. */
export const RETENTION_BATCH_ROWS = 1000;

/** The longest pause between two batches. */
const MAX_PAUSE_MS = 100;

const pauseAfter = (batchMs: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(MAX_PAUSE_MS, Math.max(1, Math.round(batchMs)))));

/** Runs `batch`, each in its own transaction, until one deletes fewer than `batchRows`; answers the rows deleted in all. */
export async function deleteInBatches(db: Db, batchRows: number, batch: (tx: Db) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const deleted = await db.transaction((tx) => batch(tx));
    total += deleted;
    if (deleted < batchRows) return total;
    await pauseAfter(performance.now() - started);
  }
}
