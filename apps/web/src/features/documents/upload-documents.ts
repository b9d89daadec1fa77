import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentRow, UploadedFileRow, UploadUrlRequest } from '@steward/contract/documents';
import { registerFiles } from './api/register-files.ts';
import { uploadFiles, type FileToUpload } from './api/upload-files.ts';
import { uploadUrl } from './api/upload-url.ts';
import { showNewDocuments } from './api/update-documents-cache.ts';
import { REGISTERING, sendingFiles, WAITING, type UploadProgress } from './upload-progress.ts';

export interface DocumentsToUpload {
  files: readonly FileToUpload[];
  urls: readonly UploadUrlRequest[];
}

/**
 * The upload flow of spec section 4: send the files (the bar follows the bytes sent) and have the
 * server fetch each URL document, both within the files' share of the bar; then register them all.
 * Resolves with the registered documents; any failure rejects, at whichever step.
 */
export async function uploadDocuments({ files, urls }: DocumentsToUpload, report: (progress: UploadProgress) => void): Promise<DocumentRow[]> {
  report(WAITING);
  const parts = files.length + urls.length;
  const stored: UploadedFileRow[] = [];
  if (files.length > 0) {
    stored.push(...(await uploadFiles(files, (sent) => report(sendingFiles((sent * files.length) / parts)))));
  }
  for (const [index, url] of urls.entries()) {
    report(sendingFiles((files.length + index) / parts));
    stored.push(await uploadUrl(url));
  }
  report(REGISTERING);
  return registerFiles({ filesData: stored.map(({ file_id, title, source_url }) => ({ file_id, title, source_url })) });
}

/** The upload as a mutation: on success the new documents go to the top of the first page. */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documents, report }: { documents: DocumentsToUpload; report: (progress: UploadProgress) => void }) =>
      uploadDocuments(documents, report),
    onSuccess: (created) => showNewDocuments(queryClient, created),
  });
}
