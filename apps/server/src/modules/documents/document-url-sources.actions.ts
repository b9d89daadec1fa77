import { DOCUMENT_MESSAGES } from '@steward/contract/documents';
import { DOCUMENT_SOURCE_MESSAGES } from '@steward/contract/document-sources';
import type { SiteSyncTrigger, SyncSchedule } from '@steward/contract/sites';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { documentObject } from './documents-audit.ts';
import { type DocumentRecord, findDocument } from './documents.repository.ts';
import { DOCUMENT_URL_SYNC_ATTEMPTS, DOCUMENT_URL_SYNC_QUEUE } from './document-url-sync-queue.ts';
import { type DocumentUrlSource, findUrlSource, setUrlSourceSchedule, urlSourcesDueForSync } from './document-url-sources.repository.ts';
import { createSync, openSyncOf } from './site-syncs.repository.ts';

/** The document and its URL source, locked: a 404 for a document that is none, a 409 for one not added by URL. */
async function lockedSource(tx: Db, documentId: number): Promise<{ document: DocumentRecord; source: DocumentUrlSource }> {
  const document = await findDocument(tx, { id: documentId }, { forUpdate: true });
  if (!document) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  const source = await findUrlSource(tx, documentId, { forUpdate: true });
  if (!source) throw new HttpError(409, DOCUMENT_SOURCE_MESSAGES.notUrlSource);
  return { document, source };
}

/**
 * Records a sync and queues its job, with the source locked and no sync of it open (queued or running), nor the
 * document being indexed: one sync of a document at a time, whichever instance asks. Answers the sync's id, or
 * undefined when one is open already.
 */
async function queueSyncIfIdle(tx: Db, document: DocumentRecord, trigger: SiteSyncTrigger, by: StaffActor | null): Promise<number | undefined> {
  if (document.status === 'in_progress' || (await openSyncOf(tx, { documentId: document.id })) !== undefined) return undefined;
  const syncId = await createSync(tx, { documentId: document.id }, trigger, by ? { id: by.id, name: by.name } : null);
  await enqueueJob(tx, DOCUMENT_URL_SYNC_QUEUE, { documentId: document.id, syncId }, { maxAttempts: DOCUMENT_URL_SYNC_ATTEMPTS });
  return syncId;
}

/** Sync now (POST /api/documents/{id}/source/sync): refused with 409 while a sync is open or the document is being indexed. */
export async function syncDocumentNow(tx: Db, actor: StaffActor, documentId: number): Promise<void> {
  const { document } = await lockedSource(tx, documentId);
  const syncId = await queueSyncIfIdle(tx, document, 'manual', actor);
  if (syncId === undefined) throw new HttpError(409, DOCUMENT_SOURCE_MESSAGES.syncing);
  await recordAudit(tx, actor, { action: 'document_synced', object: documentObject(document), details: { sync: syncId } });
}

/** How often the document is fetched again by itself; the audit log says who changed it from what to what. */
export async function setDocumentSyncSchedule(tx: Db, actor: StaffActor, documentId: number, schedule: SyncSchedule): Promise<void> {
  const { document, source } = await lockedSource(tx, documentId);
  if (source.syncSchedule === schedule) return;
  await setUrlSourceSchedule(tx, documentId, schedule);
  await recordAudit(tx, actor, { action: 'document_sync_schedule_changed', object: documentObject(document), details: { from: source.syncSchedule, to: schedule } });
}

/**
 * Queues a sync of each document added by URL whose schedule makes one due at `now`, each in its own transaction with
 * the document locked and checked again, so instances running this at once queue one sync per document.
 */
export async function queueDueDocumentSyncs(db: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const documentId of await urlSourcesDueForSync(db, now)) {
    queued += await db.transaction(async (tx) => {
      const document = await findDocument(tx, { id: documentId }, { forUpdate: true });
      if (!document || !(await urlSourcesDueForSync(tx, now)).includes(documentId)) return 0;
      return (await queueSyncIfIdle(tx, document, 'schedule', null)) === undefined ? 0 : 1;
    });
  }
  return queued;
}
