import { DOCUMENT_MESSAGES, type RegisterFilesRequest } from '@steward/contract/documents';
import { canDeleteDocument, canEditDocument, type StaffMember } from '@steward/contract/permissions';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { deleteFile, findStoredFile, type StoredFile } from './document-files.repository.ts';
import { DOCUMENT_INGESTION_QUEUE, type DocumentIngestionPayload } from './document-ingestion-queue.ts';
import { INGESTION_ATTEMPTS } from './document-ingestion.ts';
import { documentObject } from './documents-audit.ts';
import { createSourceFromFile } from './document-url-sources.repository.ts';
import {
  createDocuments,
  deleteDocument as deleteDocumentRow,
  type DocumentRecord,
  findDocument,
  saveDocumentMetadata,
  startReplacement,
} from './documents.repository.ts';

/** Queues the indexing of a document's file (its first one, or the version that replaces it), in the caller's transaction. */
export async function startIngestion(tx: Db, payload: DocumentIngestionPayload): Promise<void> {
  await enqueueJob(tx, DOCUMENT_INGESTION_QUEUE, { ...payload }, { maxAttempts: INGESTION_ATTEMPTS });
}

/**
 * Turns the actor's finished uploads into documents (POST /api/register-files): each is audited and its
 * ingestion started. The file ids come from the client: only the uploader's own, unregistered uploads count.
 */
export async function registerUploads(tx: Db, actor: StaffActor, filesData: RegisterFilesRequest['filesData']): Promise<DocumentRecord[]> {
  const documents = [];
  for (const entry of filesData) {
    // Locked, so a second registration of the same file sent at once waits and then finds its document (400, not a duplicate key).
    const file = await findStoredFile(tx, entry.file_id, { forUpdate: true });
    if (!file || file.uploadedByUserId !== actor.id || (await findDocument(tx, { fileId: file.fileId }))) {
      throw new HttpError(400, DOCUMENT_MESSAGES.uploadNotFound, 'filesData');
    }
    documents.push({ ...file, title: entry.title, sourceUrl: entry.source_url, uploadedBy: { id: actor.id, name: actor.name } });
  }
  const created = await createDocuments(tx, documents);
  for (const document of created) await recordAudit(tx, actor, { action: 'document_uploaded', object: documentObject(document), details: { filename: document.filename } });
  for (const document of created) await startIngestion(tx, { documentId: document.id, fileId: document.fileId });
  // A PDF fetched by URL is a source a sync can fetch again (document-url-sync.ts).
  for (const document of created) await createSourceFromFile(tx, document.id, document.fileId);
  return created;
}

/**
 * A new version of a document (POST /api/documents/{id}/replace, once its file has streamed in): the document is
 * in progress until the new version is indexed, and the old one answers meanwhile.
 */
export async function replaceDocument(tx: Db, actor: StaffActor, documentId: number, file: StoredFile): Promise<DocumentRecord> {
  const current = await findDocument(tx, { id: documentId }, { forUpdate: true });
  if (!current) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  // Checked again under the lock: another replacement may have started while this file streamed in.
  if (current.status === 'in_progress') throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
  const replaced = await startReplacement(tx, documentId, file);
  if (!replaced) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  await startIngestion(tx, { documentId, fileId: file.fileId });
  await recordAudit(tx, actor, { action: 'document_replaced', object: documentObject(replaced), details: { filename: file.filename } });
  return replaced;
}

/** New title and source for a document the editor may change now (not while it is being indexed). */
export async function editDocument(
  tx: Db,
  actor: StaffActor,
  editor: StaffMember,
  fileId: string,
  metadata: { title: string; sourceUrl: string },
): Promise<DocumentRecord> {
  const document = await findDocument(tx, { fileId }, { forUpdate: true });
  if (!document) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  if (!canEditDocument(editor, document)) throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
  const saved = await saveDocumentMetadata(tx, document.id, metadata);
  if (!saved) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  await recordAudit(tx, actor, { action: 'document_edited', object: documentObject(saved) });
  return saved;
}

/** Deletes a document, its chunks (foreign key) and its original file, and audits it. */
export async function deleteDocument(tx: Db, actor: StaffActor, editor: StaffMember, id: number): Promise<void> {
  const document = await findDocument(tx, { id }, { forUpdate: true });
  if (!document) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  if (!canDeleteDocument(editor, document)) throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
  await deleteDocumentRow(tx, document.id);
  await deleteFile(tx, document.fileId);
  await recordAudit(tx, actor, { action: 'document_deleted', object: documentObject(document), details: { filename: document.filename } });
}
