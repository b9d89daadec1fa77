import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MESSAGES, documentIndexingRow, documentRow, registerFilesRequest, updateDocumentRequest, uploadedFileRow, uploadUrlRequest } from '@steward/contract/documents';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canDeleteDocument, canEditDocument, canManageDocuments, canReadDocuments, canUploadDocuments } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { documentObject } from './documents-audit.ts';
import { documentIndexing } from './document-indexing.repository.ts';
import { DOCUMENT_INGESTION_QUEUE } from './document-ingestion-queue.ts';
import { INGESTION_ATTEMPTS } from './document-ingestion.ts';
import { deleteFile, findStoredFile } from './document-files.repository.ts';
import { storeFileFromUrl } from './document-url-upload.ts';
import { presentDocument, presentUploadedFile } from './documents.presenter.ts';
import { countDocuments, createDocuments, deleteDocument, findDocument, listDocumentsPage, saveDocumentMetadata } from './documents.repository.ts';
import { documentUploadRoutes } from './documents.upload.ts';

const fileIdParam = z.string().trim().min(1).max(100);

/** The Documents screen's calls: list, register uploads, edit, delete; uploads in documents.upload.ts. */
export async function documentsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/documents/:pageIndex',
    {
      config: { access: canReadDocuments },
      schema: { params: z.object({ pageIndex: pageIndexParam }), response: { 200: rowsAnswer(documentRow) } },
    },
    async (request) => {
      const { documents, totalCount } = await listDocumentsPage(db, request.params.pageIndex);
      return { success: true as const, data: { rows: documents.map((document) => presentDocument(document, totalCount)) } };
    },
  );

  api.get(
    '/api/document-indexing',
    { config: { access: canReadDocuments }, schema: { response: { 200: rowsAnswer(documentIndexingRow) } } },
    async () => ({ success: true as const, data: { rows: [await documentIndexing(db)] } }),
  );

  api.post(
    '/api/upload-url',
    { config: { access: canUploadDocuments }, schema: { body: uploadUrlRequest, response: { 200: rowsAnswer(uploadedFileRow) } } },
    async (request) => {
      const uploader = signedIn(request);
      const file = await storeFileFromUrl(db, context.config, request.body.url, uploader.id);
      return { success: true as const, data: { rows: [presentUploadedFile(file, { title: request.body.title, source_url: request.body.url })] } };
    },
  );

  api.post(
    '/api/register-files',
    { config: { access: canUploadDocuments }, schema: { body: registerFilesRequest, response: { 200: rowsAnswer(documentRow) } } },
    async (request) => {
      const uploader = signedIn(request);
      const rows = await db.transaction(async (tx) => {
        const documents = [];
        for (const entry of request.body.filesData) {
          const file = await findStoredFile(tx, entry.file_id);
          // The id comes from the client: only the uploader's own, finished, unregistered uploads count.
          if (!file || file.uploadedByUserId !== uploader.id || (await findDocument(tx, { fileId: file.fileId }))) {
            throw new HttpError(400, DOCUMENT_MESSAGES.uploadNotFound, 'filesData');
          }
          documents.push({ ...file, title: entry.title, sourceUrl: entry.source_url, uploadedBy: uploader });
        }
        const created = await createDocuments(tx, documents);
        for (const document of created) await recordAudit(tx, actorOf(request), { action: 'document_uploaded', object: documentObject(document), details: { filename: document.filename } });
        for (const document of created) await enqueueJob(tx, DOCUMENT_INGESTION_QUEUE, { documentId: document.id, fileId: document.fileId }, { maxAttempts: INGESTION_ATTEMPTS });
        const totalCount = await countDocuments(tx);
        return created.map((document) => presentDocument(document, totalCount));
      });
      return { success: true as const, data: { rows } };
    },
  );

  api.post(
    '/api/documents/:fileId/update',
    {
      config: { access: canManageDocuments },
      schema: { params: z.object({ fileId: fileIdParam }), body: updateDocumentRequest, response: { 200: rowsAnswer(documentRow) } },
    },
    async (request) => {
      const editor = signedIn(request);
      const row = await db.transaction(async (tx) => {
        const document = await findDocument(tx, { fileId: request.params.fileId }, { forUpdate: true });
        if (!document) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
        if (!canEditDocument(editor, document)) throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
        const saved = await saveDocumentMetadata(tx, document.id, { title: request.body.title, sourceUrl: request.body.source_url });
        if (!saved) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
        await recordAudit(tx, actorOf(request), { action: 'document_edited', object: documentObject(saved) });
        return presentDocument(saved, await countDocuments(tx));
      });
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/documents/:id/delete',
    { config: { access: canManageDocuments }, schema: { params: z.object({ id: idParam }), response: { 200: successAnswer } } },
    async (request) => {
      const editor = signedIn(request);
      await db.transaction(async (tx) => {
        const document = await findDocument(tx, { id: request.params.id }, { forUpdate: true });
        if (!document) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
        if (!canDeleteDocument(editor, document)) throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
        // The chunks go with the document (foreign key); the original goes with it here.
        await deleteDocument(tx, document.id);
        await deleteFile(tx, document.fileId);
        await recordAudit(tx, actorOf(request), { action: 'document_deleted', object: documentObject(document), details: { filename: document.filename } });
      });
      return { success: true as const };
    },
  );

  await documentUploadRoutes(app, context);
}
