import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { helpRequestPageAnswer, type HelpRequestPage, type HelpRequestStatusFilter } from '@steward/contract/help-requests';
import { apiGet } from '../../../lib/api-client.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** GET /api/all-help-requests/{pageIndex}/{status}?{filters}: an empty status lists all. */
export const getHelpRequestPage = async (status: HelpRequestStatusFilter, pageIndex: number, query: string): Promise<HelpRequestPage> =>
  (await apiGet(`/api/all-help-requests/${pageIndex}/${status}${query}`, helpRequestPageAnswer)).data;

export const getHelpRequestPageQueryOptions = (status: HelpRequestStatusFilter, pageIndex: number, query: string) =>
  queryOptions({
    queryKey: helpRequestQueryKeys.page(status, pageIndex, query),
    queryFn: () => getHelpRequestPage(status, pageIndex, query),
    placeholderData: keepPreviousData,
  });

export const useHelpRequestPage = (status: HelpRequestStatusFilter, pageIndex: number, query: string) =>
  useQuery(getHelpRequestPageQueryOptions(status, pageIndex, query));
