import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { visitorMailRow, type VisitorMailSettings } from '@steward/contract/visitor-mail';
import { apiGet, apiPost } from './api-client.ts';

/**
 * GET /api/visitor-mail: Bot Settings' Mail to visitors, the sending address and how mail leaves the server. Two
 * features read it (Bot Settings edits it; a help request's reply form says who its mail comes from), so it lives here.
 */
export const getVisitorMail = async () => (await apiGet('/api/visitor-mail', rowsAnswer(visitorMailRow))).data.rows[0];

export const visitorMailQueryKey = ['visitor-mail'] as const;
export const getVisitorMailQueryOptions = () => queryOptions({ queryKey: visitorMailQueryKey, queryFn: getVisitorMail });
export const useVisitorMail = () => useQuery(getVisitorMailQueryOptions());

/** POST /api/visitor-mail: the sender name and reply-to address at once. */
export const saveVisitorMail = (visitorMail: VisitorMailSettings) => apiPost('/api/visitor-mail', { visitor_mail: visitorMail }, successAnswer);

export function useSaveVisitorMail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveVisitorMail, onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorMailQueryKey }) });
}
