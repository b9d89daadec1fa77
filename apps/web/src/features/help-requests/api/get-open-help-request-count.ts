import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { helpRequestCountRow } from '@steward/contract/help-requests';
import { apiGet } from '../../../lib/api-client.ts';

export const getOpenHelpRequestCount = async (): Promise<number> =>
  (await apiGet('/api/all-help-requests-count', rowsAnswer(helpRequestCountRow))).data.rows[0]?.total_count ?? 0;

/** Invalidate this key after resolving or reopening a request, so the sidebar badge follows. */
export const openHelpRequestCountQueryKey = ['help-requests', 'open-count'] as const;

export const getOpenHelpRequestCountQueryOptions = () =>
  queryOptions({ queryKey: openHelpRequestCountQueryKey, queryFn: getOpenHelpRequestCount, refetchInterval: 60_000 });

export const useOpenHelpRequestCount = () => useQuery(getOpenHelpRequestCountQueryOptions());
