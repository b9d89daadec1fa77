import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users-page.ts';

export const deleteUser = (id: number) => apiPost(`/api/user/${id}/delete`, undefined, successAnswer);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
