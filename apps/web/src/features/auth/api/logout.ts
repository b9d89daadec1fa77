import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const logout = () => apiGet('/api/logout', successAnswer);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
