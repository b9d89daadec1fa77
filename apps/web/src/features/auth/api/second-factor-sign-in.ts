import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { enrolAndSignInRow, pendingSignInRow, type SecondFactorCodeRequest, secondFactorEnrolmentRow } from '@steward/contract/second-factor';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** Sign-in's second step: the pending sign-in's step, a code, or setting a factor up first. */
export const getPendingSignIn = async () => (await apiGet('/api/sign-in/second-factor', rowsAnswer(pendingSignInRow))).data.rows[0] ?? null;

export const pendingSignInQueryOptions = () => queryOptions({ queryKey: ['sign-in', 'second-factor'], queryFn: getPendingSignIn, retry: false, staleTime: Infinity });

export const usePendingSignIn = () => useQuery(pendingSignInQueryOptions());

export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SecondFactorCodeRequest) => apiPost('/api/sign-in/second-factor', request, rowsAnswer(currentUserRow)),
    onSuccess: (answer) => queryClient.setQueryData(currentUserQueryKey, answer.data.rows[0] ?? null),
  });
}

export const useStartSignInEnrolment = () =>
  useMutation({ mutationFn: async () => (await apiPost('/api/sign-in/second-factor/start', undefined, rowsAnswer(secondFactorEnrolmentRow))).data.rows[0] });

/** Confirms the factor set up during sign-in; the session starts, but the screen shows the recovery codes before going on. */
export const useEnrolAndSignIn = () =>
  useMutation({ mutationFn: async (request: SecondFactorCodeRequest) => (await apiPost('/api/sign-in/second-factor/enrol', request, rowsAnswer(enrolAndSignInRow))).data.rows[0] });
