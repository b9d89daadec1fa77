import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { retentionRow, type SaveRetentionRequest } from '@steward/contract/privacy';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** GET /api/data-retention: the retention in force per kind (docs/privacy.md). */
export const getDataRetention = async () => (await apiGet('/api/data-retention', rowsAnswer(retentionRow))).data.rows;

export const dataRetentionQueryKey = ['data-retention'] as const;

export const getDataRetentionQueryOptions = () => queryOptions({ queryKey: dataRetentionQueryKey, queryFn: getDataRetention });

export const useDataRetention = () => useQuery(getDataRetentionQueryOptions());

/** POST /api/data-retention: all four kinds at once. */
export const saveDataRetention = (request: SaveRetentionRequest) => apiPost('/api/data-retention', request, successAnswer);

export function useSaveDataRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDataRetention,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRetentionQueryKey }),
  });
}
