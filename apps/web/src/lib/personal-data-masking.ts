import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { personalDataMaskingRow } from '@steward/contract/personal-data';
import { apiGet } from './api-client.ts';

/**
 * GET /api/personal-data/masking: whether the server masks visitors' personal data (issue 58, off by default).
 * Read by the Reveal button (shown only when masking is on) and Bot Settings' switch.
 */
export const getPersonalDataMasking = async (): Promise<boolean> =>
  (await apiGet('/api/personal-data/masking', rowsAnswer(personalDataMaskingRow))).data.rows[0]?.masked ?? false;

export const personalDataMaskingQueryKey = ['personal-data-masking'] as const;

export const getPersonalDataMaskingQueryOptions = () => queryOptions({ queryKey: personalDataMaskingQueryKey, queryFn: getPersonalDataMasking });

export const usePersonalDataMasking = (options: { enabled?: boolean } = {}) => useQuery({ ...getPersonalDataMaskingQueryOptions(), ...options });
