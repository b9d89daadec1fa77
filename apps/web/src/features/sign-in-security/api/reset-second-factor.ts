import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

/** An administrator resets a member's second factor (a lost phone); the member is mailed. */
export const resetSecondFactor = (id: number) => apiPost(`/api/user/${id}/second-factor/reset`, undefined, successAnswer);

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  // The reset also ends the member's sessions: every list the screen shows (holders, signed-in staff) is read again.
  return useMutation({ mutationFn: resetSecondFactor, onSuccess: () => queryClient.invalidateQueries({ type: 'active' }) });
}
