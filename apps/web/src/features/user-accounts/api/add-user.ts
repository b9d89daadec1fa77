import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addUserAnswer, type AddUserOutcome, type AddUserRequest } from '@steward/contract/user-accounts';
import { apiPost } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users-page.ts';

/** POST /api/add-user: answers how the invitation travels (mailed, or left in the outbox with its link). */
export const addUser = async (request: AddUserRequest): Promise<AddUserOutcome | undefined> =>
  (await apiPost('/api/add-user', request, addUserAnswer)).data.rows[0];

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
