import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { holdersKey } from './sign-in-security.ts';

/** An administrator resets a member's second factor (a lost phone); the member is mailed. */
export const resetSecondFactor = (id: number) => apiPost(`/api/user/${id}/second-factor/reset`, undefined, successAnswer);

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetSecondFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: holdersKey }) });
}
