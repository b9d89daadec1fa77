import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentIndexingRow, documentRow, registerFilesRequest, updateDocumentRequest, uploadedFileRow, uploadUrlRequest } from '@steward/contract/documents';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canManageDocuments, canReadDocuments, canUploadDocuments } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import { documentChunkRoutes } from './document-chunks.routes.ts';
import { documentIndexing } from './document-indexing.repository.ts';
import { documentSourceRoutes } from './document-sources.routes.ts';
import { storeFileFromUrl } from './document-url-upload.ts';
import { deleteDocument, editDocument, registerUploads } from './documents.actions.ts';
import { presentDocument, presentUploadedFile } from './documents.presenter.ts';
import { countDocuments, listDocumentsPage } from './documents.repository.ts';
import { documentUploadRoutes } from './documents.upload.ts';
import { siteSourceRoutes } from './site-sources.routes.ts';

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
      const actor = signedInActor(request);
      const rows = await db.transaction(async (tx) => {
        const created = await registerUploads(tx, actor, request.body.filesData);
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
      const actor = signedInActor(request);
      const row = await db.transaction(async (tx) => {
        const saved = await editDocument(tx, actor, editor, request.params.fileId, { title: request.body.title, sourceUrl: request.body.source_url });
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
      const actor = signedInActor(request);
      await db.transaction((tx) => deleteDocument(tx, actor, editor, request.params.id));
      return { success: true as const };
    },
  );

  await documentUploadRoutes(app, context);
  await siteSourceRoutes(app, context);
  await documentChunkRoutes(app, context);
  await documentSourceRoutes(app, context);
}
