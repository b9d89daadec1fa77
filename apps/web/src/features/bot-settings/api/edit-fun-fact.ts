import { useMutation, useQueryClient } from '@tanstack/react-query';
import { funFactRow, type EditFunFactRequest } from '@steward/contract/bot-settings';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { funFactsQueryKey } from './get-fun-facts.ts';

export const editFunFact = (id: number, request: EditFunFactRequest) =>
  apiPost(`/api/fun-facts/edit/${id}`, request, rowsAnswer(funFactRow));

export function useEditFunFact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EditFunFactRequest) => editFunFact(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: funFactsQueryKey }),
  });
}
