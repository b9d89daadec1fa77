import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { COVERAGE_GAPS_PARAM, historyRow, type HistoryRow } from '@steward/contract/history';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/all-history/{pageIndex}: 30 exchanges, newest first; only the coverage gaps when asked. */
export const getHistoryPage = async (pageIndex: number, coverageGapsOnly: boolean): Promise<HistoryRow[]> =>
  (await apiGet(`/api/all-history/${pageIndex}${coverageGapsOnly ? `?${COVERAGE_GAPS_PARAM}=true` : ''}`, rowsAnswer(historyRow))).data.rows;

export const getHistoryPageQueryOptions = (pageIndex: number, coverageGapsOnly: boolean) =>
  queryOptions({
    queryKey: ['history', 'page', pageIndex, { coverageGapsOnly }],
    queryFn: () => getHistoryPage(pageIndex, coverageGapsOnly),
    placeholderData: keepPreviousData,
  });

export const useHistoryPage = (pageIndex: number, coverageGapsOnly: boolean) => useQuery(getHistoryPageQueryOptions(pageIndex, coverageGapsOnly));
