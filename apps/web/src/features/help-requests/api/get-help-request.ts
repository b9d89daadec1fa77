import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { HELP_REQUEST_MESSAGES, helpRequestRow, type HelpRequest } from '@steward/contract/help-requests';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** GET /api/help-requests/{id} */
export const getHelpRequest = async (id: number): Promise<HelpRequest> => {
  const row = (await apiGet(`/api/help-requests/${id}`, rowsAnswer(helpRequestRow))).data.rows[0];
  if (!row) throw new ApiError(HELP_REQUEST_MESSAGES.notFound, 404);
  return row;
};

export const getHelpRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: helpRequestQueryKeys.detail(id), queryFn: () => getHelpRequest(id), retry: false });

export const useHelpRequest = (id: number) => useQuery(getHelpRequestQueryOptions(id));
