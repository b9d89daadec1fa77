import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { DOCUMENT_MESSAGES, uploadFileMetadata, uploadUrlRequest } from '@steward/contract/documents';

/**
 * The upload form: each dropped file with its title and source URL, and each "Document URL" row. The
 * rules and messages are the contract's (`filesData` entries and POST /api/upload-url), so the screen
 * checks exactly what the server will.
 */
export const uploadDocumentsForm = z.object({
  files: z.array(uploadFileMetadata.extend({ file: z.instanceof(File) })),
  urls: z.array(uploadUrlRequest),
});
export type UploadDocumentsFormValues = z.infer<typeof uploadDocumentsForm>;

export const EMPTY_UPLOAD_FORM: UploadDocumentsFormValues = { files: [], urls: [] };
export const EMPTY_URL_ROW: UploadDocumentsFormValues['urls'][number] = { url: '', title: '' };

const MESSAGE_ORDER: readonly string[] = [DOCUMENT_MESSAGES.titlesRequired, DOCUMENT_MESSAGES.sourceUrlsInvalid, DOCUMENT_MESSAGES.pdfUrlsInvalid];

/** The form's problems, each message once, in the spec's order (titles, source URLs, PDF URLs). */
export function uploadFormProblems(errors: FieldErrors<UploadDocumentsFormValues>, fileCount: number, urlCount: number): string[] {
  const messages = new Set<string>();
  for (let index = 0; index < fileCount; index += 1) {
    const file = errors.files?.[index];
    for (const message of [file?.title?.message, file?.source_url?.message]) if (message) messages.add(message);
  }
  for (let index = 0; index < urlCount; index += 1) {
    const row = errors.urls?.[index];
    for (const message of [row?.url?.message, row?.title?.message]) if (message) messages.add(message);
  }
  return [...messages].sort((a, b) => MESSAGE_ORDER.indexOf(a) - MESSAGE_ORDER.indexOf(b));
}
