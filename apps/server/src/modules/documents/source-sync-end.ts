import type { SiteSyncStatus } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { sourceSyncedWebhook } from './document-webhooks.ts';
import { findUrlSource } from './document-url-sources.repository.ts';
import { findSite } from './site-sources.repository.ts';
import { finishSync, finishSyncCounted, type SyncCounts } from './site-syncs.repository.ts';

/**
 * Ends a sync's record and tells webhook endpoints (source.synced), in one transaction (within the caller's when it
 * passes one): the event is sent exactly when the record ends, once, whichever instance ends it. A website's sync
 * counts its pages; a document's passes what it found of its one URL (`counts`).
 */
export async function endSync(
  db: Db,
  id: number,
  status: Exclude<SiteSyncStatus, 'queued' | 'running'>,
  message: string | null,
  counts?: Partial<SyncCounts>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = counts === undefined ? await finishSync(tx, id, status, message) : await finishSyncCounted(tx, id, status, message, counts);
    if (!ended) return;
    const url = ended.siteId !== null ? (await findSite(tx, ended.siteId))?.startUrl : ended.documentId !== null ? (await findUrlSource(tx, ended.documentId))?.url : undefined;
    await sourceSyncedWebhook(tx, ended, url ?? '');
  });
}
