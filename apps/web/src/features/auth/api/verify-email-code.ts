import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailCodeRequest } from '@steward/contract/auth';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** Signs in with the one-time code of a mailed sign-in link. */
export const verifyEmailCode = (request: VerifyEmailCodeRequest) =>
  apiPost('/api/verify-email-code', request, rowsAnswer(currentUserRow));

export function useVerifyEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailCode,
    onSuccess: (answer) => {
      queryClient.setQueryData(currentUserQueryKey, answer.data.rows[0] ?? null);
    },
  });
}
