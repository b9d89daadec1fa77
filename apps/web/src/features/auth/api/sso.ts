import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { ssoAvailabilityRow, ssoEndSessionRow, type SsoAvailability } from '@steward/contract/single-sign-on';
import { apiGet } from '../../../lib/api-client.ts';

/** Single sign-on (docs/accounts.md): whether it is on, with the provider's name; null when off. */
export const ssoQuery = {
  queryKey: ['sso'] as const,
  queryFn: async (): Promise<SsoAvailability | null> => (await apiGet('/api/sso', rowsAnswer(ssoAvailabilityRow))).data.rows[0] ?? null,
  staleTime: 5 * 60 * 1000,
};

export const useSso = () => useQuery(ssoQuery);

/** The provider's logout for this session (RP-initiated logout), asked before the session ends; null when none. */
export const ssoEndSessionUrl = async (): Promise<string | null> =>
  (await apiGet('/api/sso/end-session', rowsAnswer(ssoEndSessionRow))).data.rows[0]?.end_session_url ?? null;
