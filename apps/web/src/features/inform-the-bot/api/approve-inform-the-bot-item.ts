import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { replaceItem } from './update-inform-the-bot-cache.ts';

/** Sends the content the approver saw: the server refuses if it changed meanwhile. */
export const approveInformTheBotItem = (id: number, content: string) =>
  apiPost(`/api/inform-the-bot/approve/${id}`, { content }, successAnswer);

export function useApproveInformTheBotItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => approveInformTheBotItem(id, content),
    onSuccess: () => replaceItem(queryClient, id, (row) => ({ ...row, status: 'approved' })),
  });
}
