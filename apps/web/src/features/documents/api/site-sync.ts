import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { siteRow, type SiteSyncRow, siteSyncRow, type SyncSchedule } from '@steward/contract/sites';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { CRAWLING_POLL_MS, sitesQueryKey } from './get-sites.ts';

export const syncSiteNow = (id: number) => apiPost(`/api/sites/${id}/sync`, undefined, rowsAnswer(siteRow));

export const setSiteSchedule = ({ id, schedule }: { id: number; schedule: SyncSchedule }) =>
  apiPost(`/api/sites/${id}/schedule`, { sync_schedule: schedule }, rowsAnswer(siteRow));

export const getSiteSyncs = async (id: number): Promise<SiteSyncRow[]> => (await apiGet(`/api/sites/${id}/syncs`, rowsAnswer(siteSyncRow))).data.rows;

/**
 * A site's sync history (newest first); asked again with the site while it is being read, and whenever the site's
 * newest sync moves on (`lastSync`: its id and state), so the record of a sync that just ended shows its counts.
 */
export const getSiteSyncsQueryOptions = (id: number, crawling: boolean, lastSync: string) =>
  queryOptions({ queryKey: [...sitesQueryKey, id, 'syncs', lastSync], queryFn: () => getSiteSyncs(id), refetchInterval: crawling ? CRAWLING_POLL_MS : false });

export const useSiteSyncs = (id: number, crawling: boolean, lastSync: string) => useQuery(getSiteSyncsQueryOptions(id, crawling, lastSync));

/** Sync now and the schedule: the sites (and each site's history) are asked again after either. */
export function useSyncSiteNow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: syncSiteNow, onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }) });
}

export function useSetSiteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSiteSchedule, onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }) });
}
