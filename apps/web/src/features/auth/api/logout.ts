import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const logout = () => apiGet('/api/logout', successAnswer);

/**
 * What the dashboard does once its session has ended (logout, or ending this session from the Sessions page): the
 * user first, so the login gate unmounts the dashboard; then everything else it had read, without giving a mounted
 * screen the chance to fetch again while signed out.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSignedInUser(queryClient) });
}
