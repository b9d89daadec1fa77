import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { PAGE_SIZE } from '@steward/contract/paging';
import { rerankAnswer, searchAnswer, searchHit, type SearchHit, type SearchResults } from '@steward/contract/search';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /api/search, 5 per group. Each text is its own query: when the text changes, React Query
 * aborts the older request (it reads the signal), and an older answer can never replace a newer one.
 */
export const globalSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['search', 'global', text],
    queryFn: async ({ signal }): Promise<SearchResults> =>
      (await apiPost('/api/search', { search: text, limit: PAGE_SIZE.topBarSearch, page: 0 }, searchAnswer, { signal })).data,
    enabled: text.trim() !== '',
    staleTime: 30_000,
    retry: false,
  });

export const useGlobalSearch = (text: string) => useQuery(globalSearchQueryOptions(text));

/** POST /api/search/rerank: the index of the best of the texts shown. */
export const useBestMatch = (query: string, texts: readonly string[]) =>
  useQuery({
    queryKey: ['search', 'rerank', query, texts],
    queryFn: async ({ signal }): Promise<number> =>
      (await apiPost('/api/search/rerank', { query, results: texts }, rerankAnswer, { signal })).data.bestMatch.index,
    enabled: query.trim() !== '' && texts.length > 0,
    staleTime: 30_000,
    retry: false,
  });

/** POST /api/search/history (our path): the search results page, 20 hits per page. */
export const useSearchResultsPage = (text: string, pageIndex: number) =>
  useQuery({
    queryKey: ['search', 'results', text, pageIndex],
    queryFn: async ({ signal }): Promise<SearchHit[]> =>
      (await apiPost('/api/search/history', { search: text, page: pageIndex }, rowsAnswer(searchHit), { signal })).data.rows,
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
  });
