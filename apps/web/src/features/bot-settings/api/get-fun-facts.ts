import { queryOptions, useQuery } from '@tanstack/react-query';
import { funFactRow, type FunFactRow } from '@steward/contract/bot-settings';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const getFunFacts = async (): Promise<FunFactRow[]> => (await apiGet('/api/fun-facts', rowsAnswer(funFactRow))).data.rows;

export const funFactsQueryKey = ['fun-facts'] as const;

export const getFunFactsQueryOptions = () => queryOptions({ queryKey: funFactsQueryKey, queryFn: getFunFacts });

export const useFunFacts = () => useQuery(getFunFactsQueryOptions());
