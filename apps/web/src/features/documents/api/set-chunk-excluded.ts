import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentChunkRow, type DocumentChunkRow } from '@steward/contract/document-chunks';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { documentChunksQueryKey } from './get-document-chunks.ts';

/** POST /api/documents/{id}/chunks/{chunkId}/exclude or /include: the passage as it now is. */
export const setChunkExcluded = async ({ documentId, chunkId, excluded }: { documentId: number; chunkId: number; excluded: boolean }): Promise<DocumentChunkRow | undefined> =>
  (await apiPost(`/api/documents/${documentId}/chunks/${chunkId}/${excluded ? 'exclude' : 'include'}`, undefined, rowsAnswer(documentChunkRow))).data.rows[0];

/** Every passage of the document with the same text changes with it: its pages and counts are read again. */
export const useSetChunkExcluded = (documentId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChunkExcluded,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentChunksQueryKey(documentId) }),
  });
};
