import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentRow, type DocumentRow } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const getDocumentsPage = async (pageIndex: number): Promise<DocumentRow[]> =>
  (await apiGet(`/api/documents/${pageIndex}`, rowsAnswer(documentRow))).data.rows;

export const documentsQueryKey = ['documents'] as const;

/** How often a page with a document still being indexed asks again, so its status moves on by itself. */
export const IN_PROGRESS_POLL_MS = 2000;

/** Polls while any shown document is in progress; stops once none is. */
export const pollWhileInProgress = (rows: readonly DocumentRow[] | undefined): number | false =>
  rows?.some((row) => row.status === 'in_progress') ? IN_PROGRESS_POLL_MS : false;

export const getDocumentsPageQueryOptions = (pageIndex: number) =>
  queryOptions({
    queryKey: [...documentsQueryKey, { pageIndex }],
    queryFn: () => getDocumentsPage(pageIndex),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileInProgress(query.state.data),
  });

export const useDocumentsPage = (pageIndex: number) => useQuery(getDocumentsPageQueryOptions(pageIndex));
