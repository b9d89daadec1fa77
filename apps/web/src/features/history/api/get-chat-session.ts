import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { historyRow, type HistoryRow } from '@steward/contract/history';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/history/{sessionId}: every exchange of one chat session, in order. */
export const getChatSession = async (sessionId: string): Promise<HistoryRow[]> =>
  (await apiGet(`/api/history/${encodeURIComponent(sessionId)}`, rowsAnswer(historyRow))).data.rows;

export const getChatSessionQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: ['history', 'session', sessionId], queryFn: () => getChatSession(sessionId) });

export const useChatSession = (sessionId: string) => useQuery(getChatSessionQueryOptions(sessionId));
