import { useMutation } from '@tanstack/react-query';
import type { SendPasswordResetEmailRequest } from '@steward/contract/accounts';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

export const sendPasswordResetEmail = (request: SendPasswordResetEmailRequest) =>
  apiPost('/api/send-password-reset-email', request, successAnswer);

export const useSendPasswordResetEmail = () => useMutation({ mutationFn: sendPasswordResetEmail });
