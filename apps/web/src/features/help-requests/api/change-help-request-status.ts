import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { helpRequestRow, type HelpRequest, type HelpRequestAction } from '@steward/contract/help-requests';
import { apiPost } from '../../../lib/api-client.ts';
import { openHelpRequestCountQueryKey } from './get-open-help-request-count.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** POST /api/help-requests/{id}/{resolve|reopen}: answers the request as it now is. */
export const changeHelpRequestStatus = async ({ id, action }: { id: number; action: HelpRequestAction }): Promise<HelpRequest> => {
  const row = (await apiPost(`/api/help-requests/${id}/${action}`, {}, rowsAnswer(helpRequestRow))).data.rows[0];
  if (!row) throw new Error('The server did not answer the help request.');
  return row;
};

/** Resolves or reopens, then refreshes the detail, the lists and the sidebar's open-request badge. */
export function useChangeHelpRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeHelpRequestStatus,
    onSuccess: async (helpRequest) => {
      queryClient.setQueryData(helpRequestQueryKeys.detail(helpRequest.id), helpRequest);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: openHelpRequestCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: helpRequestQueryKeys.pages }),
      ]);
    },
    // A refused change (e.g. already resolved elsewhere) means the screen is stale: reload it.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: helpRequestQueryKeys.detail(id) }),
  });
}
