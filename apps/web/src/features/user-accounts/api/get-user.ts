import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRow } from '@steward/contract/user-accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const getUser = (id: number) => apiGet(`/api/user/${id}`, rowsAnswer(userRow));

export const getUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['user', { id }], queryFn: async () => (await getUser(id)).data.rows[0] ?? null });

export const useUser = (id: number) => useQuery(getUserQueryOptions(id));
