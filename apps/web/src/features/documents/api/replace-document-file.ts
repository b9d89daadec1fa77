import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRow, type DocumentRow } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { ApiError } from '../../../lib/api-client.ts';
import { browserXhr, postFormWithProgress, type XhrFactory } from '../../../lib/post-form-with-progress.ts';
import { showChangedDocument } from './update-documents-cache.ts';

/**
 * POST /api/documents/{id}/replace: a new version of the file, sent with its upload progress (0 to 1).
 * The answer is the document in progress with `replacing_filename`; the current version keeps
 * answering the bot until the new one is indexed.
 */
export async function replaceDocumentFile(
  id: number,
  file: File,
  onProgress: (sentFraction: number) => void,
  createXhr: XhrFactory = browserXhr,
): Promise<DocumentRow> {
  const form = new FormData();
  form.append('file', file, file.name);
  const replaced = (await postFormWithProgress(`/api/documents/${id}/replace`, form, rowsAnswer(documentRow), onProgress, createXhr)).data.rows[0];
  if (!replaced) throw new ApiError('The server answered no document.', 200);
  return replaced;
}

export function useReplaceDocumentFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (sentFraction: number) => void }) => replaceDocumentFile(id, file, onProgress),
    onSuccess: (replaced) => showChangedDocument(queryClient, replaced),
  });
}
