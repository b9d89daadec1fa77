import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentChunkRow, type DocumentChunkRow, documentChunksSummaryRow, type DocumentChunksSummaryRow } from '@steward/contract/document-chunks';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const documentChunksQueryKey = (documentId: number) => ['documents', documentId, 'chunks'] as const;

/** GET /api/documents/{id}/chunks: the document and its passages counted. */
export const getDocumentChunksSummary = async (documentId: number): Promise<DocumentChunksSummaryRow | undefined> =>
  (await apiGet(`/api/documents/${documentId}/chunks`, rowsAnswer(documentChunksSummaryRow))).data.rows[0];

/** GET /api/documents/{id}/chunks/{pageIndex}?search=: a page of its passages holding every word of the search. */
export const getDocumentChunks = async (documentId: number, pageIndex: number, search: string): Promise<DocumentChunkRow[]> =>
  (await apiGet(`/api/documents/${documentId}/chunks/${pageIndex}${search ? `?search=${encodeURIComponent(search)}` : ''}`, rowsAnswer(documentChunkRow))).data.rows;

export const useDocumentChunksSummary = (documentId: number) =>
  useQuery(queryOptions({ queryKey: [...documentChunksQueryKey(documentId), 'summary'], queryFn: () => getDocumentChunksSummary(documentId) }));

export const useDocumentChunks = (documentId: number, pageIndex: number, search: string) =>
  useQuery(
    queryOptions({
      queryKey: [...documentChunksQueryKey(documentId), 'page', { pageIndex, search }],
      queryFn: () => getDocumentChunks(documentId, pageIndex, search),
      placeholderData: keepPreviousData,
    }),
  );
