import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { memberListAnswer, type MemberListQuery } from '@steward/contract/member-lists';
import { secondFactorHolderRow, type SecondFactorPolicy, secondFactorPolicyRow } from '@steward/contract/second-factor';
import { memberListSearchParams } from '../../../components/member-list-controls.tsx';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** Sign-in security's calls: the second factor's policy, and the staff who have one. */
const policyKey = ['second-factor-policy'] as const;
const holdersKey = ['second-factor-holders'] as const;

export const useSecondFactorPolicy = () =>
  useQuery({ queryKey: policyKey, queryFn: async () => (await apiGet('/api/second-factor-policy', rowsAnswer(secondFactorPolicyRow))).data.rows[0]?.second_factor ?? null });

export function useSetSecondFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SecondFactorPolicy) => apiPost('/api/second-factor-policy', { second_factor: policy }, successAnswer),
    // One's own Second Factor link and screen follow the policy.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: policyKey }), queryClient.invalidateQueries({ queryKey: ['second-factor'] })]),
  });
}

export const useSecondFactorHolders = (query: MemberListQuery) =>
  useQuery({
    queryKey: [...holdersKey, query],
    queryFn: async () => (await apiGet(`/api/second-factors${memberListSearchParams(query)}`, memberListAnswer(secondFactorHolderRow))).data,
    placeholderData: keepPreviousData,
  });
