import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { historyRow, type HistoryRow } from '@steward/contract/history';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/all-history/{pageIndex}: 30 exchanges, newest first. */
export const getHistoryPage = async (pageIndex: number): Promise<HistoryRow[]> =>
  (await apiGet(`/api/all-history/${pageIndex}`, rowsAnswer(historyRow))).data.rows;

export const getHistoryPageQueryOptions = (pageIndex: number) =>
  queryOptions({
    queryKey: ['history', 'page', pageIndex],
    queryFn: () => getHistoryPage(pageIndex),
    placeholderData: keepPreviousData,
  });

export const useHistoryPage = (pageIndex: number) => useQuery(getHistoryPageQueryOptions(pageIndex));
