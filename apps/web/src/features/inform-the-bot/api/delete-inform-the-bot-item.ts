import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { informTheBotQueryKey } from './get-inform-the-bot-page.ts';

export const deleteInformTheBotItem = (id: number) => apiPost(`/api/inform-the-bot/delete/${id}`, undefined, successAnswer);

export function useDeleteInformTheBotItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInformTheBotItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: informTheBotQueryKey }),
  });
}
