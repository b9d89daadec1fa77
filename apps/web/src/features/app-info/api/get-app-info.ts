import { queryOptions, useQuery } from '@tanstack/react-query';
import { appInfoRow } from '@steward/contract/app-info';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const getAppInfo = async () => (await apiGet('/api/app-info', rowsAnswer(appInfoRow))).data.rows[0];

export const getAppInfoQueryOptions = () =>
  queryOptions({ queryKey: ['app-info'], queryFn: getAppInfo, staleTime: Number.POSITIVE_INFINITY });

export const useAppInfo = () => useQuery(getAppInfoQueryOptions());
