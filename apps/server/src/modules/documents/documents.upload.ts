import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MESSAGES,
  documentRow,
  MAX_FILES_PER_UPLOAD,
  uploadedFileRow,
  uploadFilesData,
  type UploadFileMetadata,
} from '@steward/contract/documents';
import { idParam, rowsAnswer } from '@steward/contract/envelope';
import { canManageDocuments, canEditDocument, canUploadDocuments } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { asUploadError } from '../../lib/multipart-errors.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import type { StaffActor } from '../audit-log/record-audit.ts';
import { deleteFile, type StoredFile, storeFile, tooLargeMessage } from './document-files.repository.ts';
import { replaceDocument } from './documents.actions.ts';
import { presentDocument, presentUploadedFile } from './documents.presenter.ts';
import { countDocuments, findDocument } from './documents.repository.ts';
import { findUnsafeText } from '@steward/contract/text-safety';

/**
 * POST /api/upload-files (multipart: `capability`, `filesData` as JSON, then one `files` part per
 * file) and POST /api/documents/{id}/replace (one `file` part). Files stream into the database
 * part by part. Multipart parsing is registered in this scope only, so JSON routes are untouched.
 */
export async function documentUploadRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const maxBytes = config.uploadMaxMb * 1024 * 1024;
  const limits = { fileTooLarge: tooLargeMessage(maxBytes), maxFiles: MAX_FILES_PER_UPLOAD };
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // One byte over our own cap, so storeFile's clearer refusal comes first.
      limits: { fileSize: maxBytes + 1, files: MAX_FILES_PER_UPLOAD, fields: 4, fieldSize: 256 * 1024, parts: MAX_FILES_PER_UPLOAD + 4 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/upload-files',
      // The `capability` field the browser sends is ignored: the session's own upload_document decides.
      { config: { access: canUploadDocuments }, schema: { response: { 200: rowsAnswer(uploadedFileRow) } } },
      async (request) => {
        const uploader = signedIn(request);
        const stored: { file: StoredFile; metadata: UploadFileMetadata }[] = [];
        try {
          let filesData: UploadFileMetadata[] | undefined;
          for await (const part of multipartParts(request)) {
            if (part.type === 'field') {
              if (part.fieldname === 'filesData') filesData = parseFilesData(part.value);
              continue;
            }
            if (!filesData) throw new HttpError(400, 'Send filesData before the files.', 'filesData');
            const metadata = filesData[stored.length];
            if (!metadata) throw new HttpError(400, DOCUMENT_MESSAGES.filesDataMismatch, 'filesData');
            const file = await storeFile(db, { filename: part.filename, uploadedByUserId: uploader.id, maxBytes }, part.file);
            stored.push({ file, metadata });
          }
          if (!filesData || stored.length !== filesData.length) {
            throw new HttpError(400, stored.length === 0 ? DOCUMENT_MESSAGES.noFiles : DOCUMENT_MESSAGES.filesDataMismatch, 'files');
          }
        } catch (error) {
          // All or nothing: a refused file takes the ones stored before it along.
          for (const { file } of stored) await deleteFile(db, file.fileId);
          throw asUploadError(error, limits);
        }
        return { success: true as const, data: { rows: stored.map(({ file, metadata }) => presentUploadedFile(file, metadata)) } };
      },
    );

    api.post(
      '/api/documents/:id/replace',
      {
        config: { access: canManageDocuments },
        schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(documentRow) } },
      },
      async (request) => {
        const editor = signedIn(request);
        const current = await findDocument(db, { id: request.params.id });
        if (!current) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
        if (!canEditDocument(editor, current)) throw new HttpError(409, DOCUMENT_MESSAGES.inProgress);
        let file: StoredFile | undefined;
        try {
          for await (const part of multipartParts(request)) {
            if (part.type === 'field') continue;
            if (file) throw new HttpError(400, DOCUMENT_MESSAGES.replaceNeedsOneFile, 'file');
            file = await storeFile(db, { filename: part.filename, uploadedByUserId: editor.id, maxBytes }, part.file);
          }
          if (!file) throw new HttpError(400, DOCUMENT_MESSAGES.replaceFileMissing, 'file');
        } catch (error) {
          if (file) await deleteFile(db, file.fileId);
          throw asUploadError(error, limits);
        }
        const newFile = file;
        const row = await startReplacementOrDiscard(db, request.params.id, newFile, signedInActor(request));
        return { success: true as const, data: { rows: [row] } };
      },
    );
  });
}

/** The replacement started (replaceDocument), or the streamed file deleted when it cannot be. */
async function startReplacementOrDiscard(db: Db, documentId: number, file: StoredFile, actor: StaffActor) {
  try {
    return await db.transaction(async (tx) => {
      const replaced = await replaceDocument(tx, actor, documentId, file);
      return presentDocument(replaced, await countDocuments(tx));
    });
  } catch (error) {
    await deleteFile(db, file.fileId);
    throw error;
  }
}

function multipartParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data.');
  return request.parts();
}

function parseFilesData(value: unknown): UploadFileMetadata[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw new HttpError(400, 'filesData must be a JSON list of { title, source_url }.', 'filesData');
  }
  // Multipart fields pass no schema: the same refusal of NUL and lone surrogates as every JSON string.
  const unsafe = findUnsafeText(parsed);
  if (unsafe) throw new HttpError(400, unsafe.reason, 'filesData');
  const result = uploadFilesData.safeParse(parsed);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? DOCUMENT_MESSAGES.filesDataMismatch, 'filesData');
  return result.data;
}
