import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { siteRow } from '@steward/contract/sites';
import { apiPost } from '../../../lib/api-client.ts';
import { sitesQueryKey } from './get-sites.ts';

export const cancelSite = (id: number) => apiPost(`/api/sites/${id}/cancel`, undefined, rowsAnswer(siteRow));

export function useCancelSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSite, onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }) });
}
