import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionNotesAnswer, type SessionNotes } from '@steward/contract/history';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/history/{sessionId}/notes: each answer's sources and ratings, and the session's help requests. */
export const getSessionNotes = async (sessionId: string): Promise<SessionNotes> =>
  (await apiGet(`/api/history/${encodeURIComponent(sessionId)}/notes`, sessionNotesAnswer)).data;

export const useSessionNotes = (sessionId: string) =>
  useQuery(queryOptions({ queryKey: ['history', 'session', sessionId, 'notes'], queryFn: () => getSessionNotes(sessionId) }));
