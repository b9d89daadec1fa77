import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserRow, type LoginRequest } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const login = (credentials: LoginRequest) => apiPost('/api/login', credentials, rowsAnswer(currentUserRow));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      queryClient.setQueryData(currentUserQueryKey, answer.data.rows[0] ?? null);
    },
  });
}
