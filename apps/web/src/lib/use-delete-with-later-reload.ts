import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A delete whose list reloads only when `reloadList` is called (as its confirmation closes), so the
 * card and its modal stay on screen to show the success message.
 */
export function useDeleteWithLaterReload(deleteCall: (id: number) => Promise<unknown>, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteCall });
  const reloadList = () => {
    if (mutation.isSuccess) void queryClient.invalidateQueries({ queryKey: listKey });
  };
  return { ...mutation, reloadList };
}
