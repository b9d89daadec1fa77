import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpRequestThreadAnswer, type HelpRequestThread } from '@steward/contract/help-requests';
import { apiGet } from '../../../lib/api-client.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** GET /api/help-requests/{id}/thread: the chat the request came from and the staff's replies. */
export const getHelpRequestThread = async (id: number): Promise<HelpRequestThread> =>
  (await apiGet(`/api/help-requests/${id}/thread`, helpRequestThreadAnswer)).data;

export const useHelpRequestThread = (id: number) =>
  useQuery(queryOptions({ queryKey: helpRequestQueryKeys.thread(id), queryFn: () => getHelpRequestThread(id) }));
