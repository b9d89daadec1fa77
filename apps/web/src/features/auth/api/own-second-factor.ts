import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import {
  recoveryCodesRow,
  type RemoveSecondFactorRequest,
  type SecondFactorCodeRequest,
  secondFactorEnrolmentRow,
  secondFactorStatusRow,
} from '@steward/contract/second-factor';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** One's own second factor (account page). */
const statusKey = (userId: number) => ['second-factor', userId] as const;

export const secondFactorStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: statusKey(userId),
    queryFn: async () => (await apiGet(`/api/user/${userId}/second-factor`, rowsAnswer(secondFactorStatusRow))).data.rows[0] ?? null,
  });

export const useSecondFactorStatus = (userId: number, enabled = true) => useQuery({ ...secondFactorStatusQueryOptions(userId), enabled });

export const useStartEnrolment = (userId: number) =>
  useMutation({ mutationFn: async () => (await apiPost(`/api/user/${userId}/second-factor/start`, undefined, rowsAnswer(secondFactorEnrolmentRow))).data.rows[0] });

/** A call that changes the factor, then reads its state again. */
function useFactorChange<Request, Result>(userId: number, call: (request: Request) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey(userId) }) });
}

export const useConfirmEnrolment = (userId: number) =>
  useFactorChange(userId, async (request: SecondFactorCodeRequest) => (await apiPost(`/api/user/${userId}/second-factor/confirm`, request, rowsAnswer(recoveryCodesRow))).data.rows[0]?.recovery_codes ?? []);

export const useRenewRecoveryCodes = (userId: number) =>
  useFactorChange(userId, async (request: SecondFactorCodeRequest) => (await apiPost(`/api/user/${userId}/second-factor/recovery-codes`, request, rowsAnswer(recoveryCodesRow))).data.rows[0]?.recovery_codes ?? []);

export const useRemoveSecondFactor = (userId: number) =>
  useFactorChange(userId, (request: RemoveSecondFactorRequest) => apiPost(`/api/user/${userId}/second-factor/remove`, request, successAnswer));
