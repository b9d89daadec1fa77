import { queryOptions, useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_REINDEX_POLL_MS, knowledgeReindexRow, type KnowledgeReindexRow } from '@steward/contract/knowledge-reindex';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/knowledge/reindex: the re-index after a change of embedder on the Answers card. */
export const getKnowledgeReindex = async (): Promise<KnowledgeReindexRow> => {
  const [row] = (await apiGet('/api/knowledge/reindex', rowsAnswer(knowledgeReindexRow))).data.rows;
  return row ?? { state: 'idle', done: 0, total: 0, error: null, rebuild: false };
};

export const knowledgeReindexQueryKey = ['knowledge-reindex'] as const;

/**
 * Read whenever Documents opens (the card that starts a re-index is on another screen), and polled while one runs
 * or waits to try again.
 */
export const getKnowledgeReindexQueryOptions = () =>
  queryOptions({
    queryKey: knowledgeReindexQueryKey,
    queryFn: getKnowledgeReindex,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'idle' ? KNOWLEDGE_REINDEX_POLL_MS : false),
  });

export const useKnowledgeReindex = () => useQuery(getKnowledgeReindexQueryOptions());
