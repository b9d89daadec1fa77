import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@steward/contract/accounts';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

/** Sent without cookies (spec section 7): the key alone says whose password this is. */
export const resetPassword = (request: ResetPasswordRequest) =>
  apiPost('/api/reset-password', request, successAnswer, { credentials: 'omit' });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
