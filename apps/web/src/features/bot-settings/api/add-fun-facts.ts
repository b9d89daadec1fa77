import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newFunFactsAnswer, type NewFunFactsRequest } from '@steward/contract/bot-settings';
import { apiPost } from '../../../lib/api-client.ts';
import { funFactsQueryKey } from './get-fun-facts.ts';

export const addFunFacts = (request: NewFunFactsRequest) => apiPost('/api/fun-facts/new', request, newFunFactsAnswer);

export function useAddFunFacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addFunFacts, onSuccess: () => queryClient.invalidateQueries({ queryKey: funFactsQueryKey }) });
}
