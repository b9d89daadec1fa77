import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { ssoAvailabilityRow, type SsoAvailability } from '@steward/contract/single-sign-on';
import { apiGet } from './api-client.ts';

/** Single sign-on (docs/accounts.md): whether it is on, with the provider's name and whether it is the only way in; null when off. */
export const ssoQuery = {
  queryKey: ['sso'] as const,
  queryFn: async (): Promise<SsoAvailability | null> => (await apiGet('/api/sso', rowsAnswer(ssoAvailabilityRow))).data.rows[0] ?? null,
  staleTime: 5 * 60 * 1000,
};

export const useSso = () => useQuery(ssoQuery);
