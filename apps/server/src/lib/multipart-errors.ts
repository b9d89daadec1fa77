import { tooManyFilesMessage } from '@steward/contract/uploads';
import { HttpError } from './http-error.ts';

/** @fastify/multipart's limit and format errors, in words the person uploading can act on. */
export function asUploadError(error: unknown, limits: { fileTooLarge: string; maxFiles: number }): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, limits.fileTooLarge, 'files');
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, tooManyFilesMessage(limits.maxFiles), 'files');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'The upload has too many parts.');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'The upload is not valid multipart/form-data.');
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new HttpError(400, 'The upload is not valid multipart/form-data.');
  if (error instanceof Error && /unexpected end of (form|multipart)/i.test(error.message)) {
    return new HttpError(400, 'The upload is not valid multipart/form-data.');
  }
  return error;
}
