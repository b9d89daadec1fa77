import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { memberListAnswer, type MemberListQuery } from '@steward/contract/member-lists';
import { endedSessionsRow, sessionRow, staffSessionsRow } from '@steward/contract/sessions';
import { memberListSearchParams } from '../../../components/member-list-controls.tsx';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** One's own signed-in sessions (/user-accounts/{id}/sessions), and Sign-in security's members with live sessions. */
const ownKey = (userId: number) => ['sessions', userId] as const;
const staffKey = ['staff-sessions'] as const;

export const useOwnSessions = (userId: number) =>
  useQuery({ queryKey: ownKey(userId), queryFn: async () => (await apiGet(`/api/user/${userId}/sessions`, rowsAnswer(sessionRow))).data.rows });

export function useEndSession(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => apiPost(`/api/user/${userId}/sessions/${sessionId}/end`, undefined, successAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownKey(userId) }),
  });
}

export const useStaffSessions = (query: MemberListQuery) =>
  useQuery({
    queryKey: [...staffKey, query],
    queryFn: async () => (await apiGet(`/api/staff-sessions${memberListSearchParams(query)}`, memberListAnswer(staffSessionsRow))).data,
    placeholderData: keepPreviousData,
  });

export function useEndMemberSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: number) => (await apiPost(`/api/user/${memberId}/sessions/end-all`, undefined, rowsAnswer(endedSessionsRow))).data.rows[0]?.ended ?? 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
