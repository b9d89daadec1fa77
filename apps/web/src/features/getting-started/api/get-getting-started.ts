import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { gettingStartedRow } from '@steward/contract/getting-started';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/getting-started: what the first-run checklist says is done. */
export const getGettingStarted = async () => (await apiGet('/api/getting-started', rowsAnswer(gettingStartedRow))).data.rows[0];

export const getGettingStartedQueryOptions = () => queryOptions({ queryKey: ['getting-started'], queryFn: getGettingStarted });

export const useGettingStarted = () => useQuery(getGettingStartedQueryOptions());
