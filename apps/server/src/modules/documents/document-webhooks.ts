import type { Db } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.actions.ts';
import { findDocument } from './documents.repository.ts';
import type { SiteSyncRecord } from './site-syncs.repository.ts';

/**
 * Tells webhook endpoints that a document was indexed or failed to be (docs/integrations.md), in the transaction that
 * recorded it, with the document as it now is. A website's pages are not documents here: their site's sync says what
 * changed (source.synced).
 */
export async function documentWebhook(tx: Db, type: 'document.indexed' | 'document.failed', documentId: number, newVersion: boolean): Promise<void> {
  const document = await findDocument(tx, { id: documentId });
  if (!document) return;
  await emitWebhookEvent(tx, {
    type,
    recordKey: `document:${document.id}`,
    path: '/documents',
    data: {
      id: document.id,
      title: document.title,
      filename: document.filename,
      source_url: document.sourceUrl,
      status: document.status === 'completed' ? 'completed' : 'error',
      error_message: document.errorMessage,
      new_version: newVersion,
    },
    // Staff's titles and addresses, never a visitor's words.
    freeText: [],
  });
}

/**
 * Tells webhook endpoints that a source's sync ended, completed or failed (a cancelled one is staff's own doing), with
 * what it found. A document's sync shares the document's record key, so its events reach an endpoint in order.
 */
export async function sourceSyncedWebhook(tx: Db, sync: SiteSyncRecord, sourceUrl: string): Promise<void> {
  if (sync.status !== 'completed' && sync.status !== 'failed') return;
  const source = sync.siteId !== null ? { kind: 'site' as const, id: sync.siteId } : { kind: 'document' as const, id: sync.documentId ?? 0 };
  await emitWebhookEvent(tx, {
    type: 'source.synced',
    recordKey: `${source.kind}:${source.id}`,
    path: '/documents',
    data: {
      sync_id: sync.id,
      source: { ...source, url: sourceUrl },
      trigger: sync.trigger,
      status: sync.status,
      message: sync.message,
      started_at: sync.startedAt?.toISOString() ?? null,
      finished_at: (sync.finishedAt ?? new Date()).toISOString(),
      counts: sync.counts,
    },
    freeText: [],
  });
}
