import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentIndexingRow, type DocumentIndexingRow } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/document-indexing: what is still being indexed, and the re-indexing after an upgrade while it runs. */
export const getDocumentIndexing = async (): Promise<DocumentIndexingRow> => {
  const [row] = (await apiGet('/api/document-indexing', rowsAnswer(documentIndexingRow))).data.rows;
  return row ?? { documents_indexing: 0, reindex: null };
};

export const documentIndexingQueryKey = ['document-indexing'] as const;

/** How often the screen asks again while the re-indexing after an upgrade runs, so its count moves on. */
export const REINDEX_POLL_MS = 5000;

/**
 * Read once; polled only while a re-indexing runs. The re-indexing starts with a new server version, never
 * while the screen is open, so without one the answer stays fresh (no re-read on focus or on coming back).
 */
export const getDocumentIndexingQueryOptions = () =>
  queryOptions({
    queryKey: documentIndexingQueryKey,
    queryFn: getDocumentIndexing,
    staleTime: (query) => (query.state.data?.reindex ? 0 : Infinity),
    refetchInterval: (query) => (query.state.data?.reindex ? REINDEX_POLL_MS : false),
  });

export const useDocumentIndexing = () => useQuery(getDocumentIndexingQueryOptions());
