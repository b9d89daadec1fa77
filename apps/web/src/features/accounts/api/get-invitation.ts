import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationRow } from '@steward/contract/accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/register/{key}: the email (and name) a live invitation registers. */
export const getInvitation = async (key: string) => (await apiGet(`/api/register/${encodeURIComponent(key)}`, rowsAnswer(invitationRow))).data.rows[0];

export const getInvitationQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['invitation', key], queryFn: () => getInvitation(key), retry: false, staleTime: Number.POSITIVE_INFINITY });

export const useInvitation = (key: string) => useQuery(getInvitationQueryOptions(key));
