import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { feedbackRow, type FeedbackRow } from '@steward/contract/feedback';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/feedback/{id}. */
export const getFeedback = async (id: string): Promise<FeedbackRow | null> =>
  (await apiGet(`/api/feedback/${encodeURIComponent(id)}`, rowsAnswer(feedbackRow))).data.rows[0] ?? null;

export const getFeedbackQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['feedback', 'detail', id], queryFn: () => getFeedback(id), retry: false });

export const useFeedback = (id: string) => useQuery(getFeedbackQueryOptions(id));
