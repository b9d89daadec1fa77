import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { funFactsQueryKey } from './get-fun-facts.ts';

export const deleteFunFact = (id: number) => apiPost(`/api/fun-facts/delete/${id}`, undefined, successAnswer);

export function useDeleteFunFact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFunFact, onSuccess: () => queryClient.invalidateQueries({ queryKey: funFactsQueryKey }) });
}
