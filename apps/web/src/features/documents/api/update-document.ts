import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRow, type DocumentRow, type UpdateDocumentRequest } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { showChangedDocument } from './update-documents-cache.ts';

/** POST /api/documents/{fileId}/update: the path takes the document's file id, not its numeric id. */
export const updateDocument = async (fileId: string, request: UpdateDocumentRequest): Promise<DocumentRow | undefined> =>
  (await apiPost(`/api/documents/${encodeURIComponent(fileId)}/update`, request, rowsAnswer(documentRow))).data.rows[0];

export function useUpdateDocument(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateDocumentRequest) => updateDocument(fileId, request),
    onSuccess: (saved) => {
      if (saved) showChangedDocument(queryClient, saved);
    },
  });
}
