import { type SiteSyncRow, SYNC_INTERVAL_MS, type SyncSchedule } from '@steward/contract/sites';
import type { SiteSyncRecord } from './site-syncs.repository.ts';

/** A sync's record as a source's history shows it (a website's or a document's added by URL). */
export const presentSync = (sync: SiteSyncRecord): SiteSyncRow => ({
  id: sync.id,
  trigger: sync.trigger,
  requested_by: sync.requestedBy,
  status: sync.status,
  message: sync.message,
  queued_at: sync.queuedAt.toISOString(),
  started_at: sync.startedAt?.toISOString() ?? null,
  finished_at: sync.finishedAt?.toISOString() ?? null,
  duration_ms: sync.startedAt && sync.finishedAt ? sync.finishedAt.getTime() - sync.startedAt.getTime() : null,
  ...sync.counts,
});

/** A schedule set and no sync finished within twice its interval (counted from when the source was added before any). */
export const isSyncOverdue = (source: { syncSchedule: SyncSchedule; lastCompletedSyncAt: Date | null; addedAt: Date }, now: Date): boolean =>
  source.syncSchedule !== 'off' && now.getTime() - (source.lastCompletedSyncAt ?? source.addedAt).getTime() > 2 * SYNC_INTERVAL_MS[source.syncSchedule];
