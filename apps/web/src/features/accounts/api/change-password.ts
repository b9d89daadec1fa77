import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@steward/contract/accounts';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

export const changePassword = ({ userId, ...request }: ChangePasswordRequest & { userId: number }) =>
  apiPost(`/api/user/${userId}/change-password`, request, successAnswer);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
