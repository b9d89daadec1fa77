import { useMutation } from '@tanstack/react-query';
import { knowledgePassageRow, type KnowledgePassageRow, type KnowledgeSearchRequest } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/knowledge/search: the passages the bot would be given for a question, best first. */
export const searchKnowledge = async (request: KnowledgeSearchRequest): Promise<KnowledgePassageRow[]> =>
  (await apiPost('/api/knowledge/search', request, rowsAnswer(knowledgePassageRow))).data.rows;

export const useSearchKnowledge = () => useMutation({ mutationFn: searchKnowledge });
