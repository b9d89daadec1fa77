import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserRequest } from '@steward/contract/user-accounts';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users-page.ts';

export const addUser = (request: AddUserRequest) => apiPost('/api/add-user', request, successAnswer);

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
