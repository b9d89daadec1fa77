import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { informTheBotQueryKey } from './get-inform-the-bot-page.ts';

export const deleteInformTheBotItem = (id: number) => apiPost(`/api/inform-the-bot/delete/${id}`, undefined, successAnswer);

/**
 * Deletes; the list reloads only when `reloadList` is called (as the confirmation closes),
 * so the card and its modal stay on screen to show the success message.
 */
export function useDeleteInformTheBotItem() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteInformTheBotItem });
  const reloadList = () => {
    if (mutation.isSuccess) void queryClient.invalidateQueries({ queryKey: informTheBotQueryKey });
  };
  return { ...mutation, reloadList };
}
