import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { historyRow } from '@steward/contract/history';
import { filteredPageAnswer } from '@steward/contract/list-filters';
import { apiGet } from '../../../lib/api-client.ts';

const historyPageAnswer = filteredPageAnswer(historyRow);
export type HistoryPage = ReturnType<typeof historyPageAnswer.parse>['data'];

/** GET /api/all-history/{pageIndex}?{filters}: 30 exchanges, newest first, under the triage filters (`query`, "?rating=down…" or ''). */
export const getHistoryPage = async (pageIndex: number, query: string): Promise<HistoryPage> =>
  (await apiGet(`/api/all-history/${pageIndex}${query}`, historyPageAnswer)).data;

export const getHistoryPageQueryOptions = (pageIndex: number, query: string) =>
  queryOptions({
    queryKey: ['history', 'page', pageIndex, { query }],
    queryFn: () => getHistoryPage(pageIndex, query),
    placeholderData: keepPreviousData,
  });

export const useHistoryPage = (pageIndex: number, query: string) => useQuery(getHistoryPageQueryOptions(pageIndex, query));
