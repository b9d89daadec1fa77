import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { mailDeliveryOutcome } from '@steward/contract/mail-delivery';
import { weeklyReportOfferRow, weeklyReportSubscriptionRow, weeklyReportUnsubscribeRow } from '@steward/contract/weekly-report';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** The weekly report's calls: the instance's offer (administrators), one's own opt-in, and the mail's unsubscribe link. */
const offerKey = ['weekly-report-offer'] as const;
const subscriptionKey = (userId: number) => ['weekly-report', userId] as const;
const unsubscribeKey = (token: string) => ['weekly-report-unsubscribe', token] as const;

export const useWeeklyReportOffer = () =>
  useQuery({ queryKey: offerKey, queryFn: async () => (await apiGet('/api/weekly-report/offer', rowsAnswer(weeklyReportOfferRow))).data.rows[0]?.offered ?? false });

export function useSetWeeklyReportOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offered: boolean) => apiPost('/api/weekly-report/offer', { offered }, successAnswer),
    // One's own opt-in follows the offer.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: offerKey }), queryClient.invalidateQueries({ queryKey: ['weekly-report'] })]),
  });
}

/** Last week's report, mailed now to the administrator who asks: how the mail left (SMTP or the outbox). */
export const useSendSampleReport = () =>
  useMutation({ mutationFn: async () => (await apiPost('/api/weekly-report/sample', undefined, rowsAnswer(mailDeliveryOutcome))).data.rows[0] });

export const useOwnWeeklyReport = (userId: number, enabled = true) =>
  useQuery({
    queryKey: subscriptionKey(userId),
    queryFn: async () => (await apiGet(`/api/user/${userId}/weekly-report`, rowsAnswer(weeklyReportSubscriptionRow))).data.rows[0] ?? null,
    enabled,
  });

export function useSetOwnWeeklyReport(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => apiPost(`/api/user/${userId}/weekly-report`, { subscribed }, successAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKey(userId) }),
  });
}

export const useUnsubscribeLink = (token: string) =>
  useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: async () => (await apiGet(`/api/weekly-report/unsubscribe/${encodeURIComponent(token)}`, rowsAnswer(weeklyReportUnsubscribeRow))).data.rows[0] ?? null,
    retry: false,
  });

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/api/weekly-report/unsubscribe/${encodeURIComponent(token)}`, {}, successAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unsubscribeKey(token) }),
  });
}
