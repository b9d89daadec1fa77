import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerModelsRow, answerModelTestRow, type SaveAnswerModelsRequest, type TestAnswerModelRequest } from '@steward/contract/answer-models';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const answerModelsQueryKey = ['answer-models'] as const;

/** GET /api/answer-models (administrators): the answer writer and the embedder in force; never a key. */
const getAnswerModels = async () => (await apiGet('/api/answer-models', rowsAnswer(answerModelsRow))).data.rows[0];

export const useAnswerModels = (enabled: boolean) =>
  useQuery({ ...queryOptions({ queryKey: answerModelsQueryKey, queryFn: getAnswerModels }), enabled });

/** POST /api/answer-models: both choices at once (audited); answers what is now in force. */
export function useSaveAnswerModels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SaveAnswerModelsRequest) => (await apiPost('/api/answer-models', request, rowsAnswer(answerModelsRow))).data.rows[0],
    onSuccess: (saved) => queryClient.setQueryData(answerModelsQueryKey, saved),
  });
}

/** POST /api/answer-models/test: calls the form's server from the Steward server; what it answered and how long it took. */
export const testAnswerModel = async (request: TestAnswerModelRequest) =>
  (await apiPost('/api/answer-models/test', request, rowsAnswer(answerModelTestRow))).data.rows[0];
