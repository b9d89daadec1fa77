import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { helpRequestPageAnswer, type HelpRequestPage, type HelpRequestStatusFilter } from '@steward/contract/help-requests';
import { apiGet } from '../../../lib/api-client.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** GET /api/all-help-requests/{pageIndex}/{status}: an empty status lists all. */
export const getHelpRequestPage = async (status: HelpRequestStatusFilter, pageIndex: number): Promise<HelpRequestPage> =>
  (await apiGet(`/api/all-help-requests/${pageIndex}/${status}`, helpRequestPageAnswer)).data;

export const getHelpRequestPageQueryOptions = (status: HelpRequestStatusFilter, pageIndex: number) =>
  queryOptions({
    queryKey: helpRequestQueryKeys.page(status, pageIndex),
    queryFn: () => getHelpRequestPage(status, pageIndex),
    placeholderData: keepPreviousData,
  });

export const useHelpRequestPage = (status: HelpRequestStatusFilter, pageIndex: number) =>
  useQuery(getHelpRequestPageQueryOptions(status, pageIndex));
