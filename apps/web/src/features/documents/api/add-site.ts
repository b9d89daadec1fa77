import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { type AddSiteRequest, siteRow } from '@steward/contract/sites';
import { apiPost } from '../../../lib/api-client.ts';
import { sitesQueryKey } from './get-sites.ts';

export const addSite = (site: AddSiteRequest) => apiPost('/api/sites', site, rowsAnswer(siteRow));

export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSite, onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }) });
}
