import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { feedbackCorrectionRow, type FeedbackCorrectionRequest } from '@steward/contract/feedback';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/feedback/{id}/correction: files the right answer as a pending Inform-the-Bot correction. */
export const addFeedbackCorrection = (feedbackId: number, request: FeedbackCorrectionRequest) =>
  apiPost(`/api/feedback/${feedbackId}/correction`, request, rowsAnswer(feedbackCorrectionRow));

export function useAddFeedbackCorrection(feedbackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FeedbackCorrectionRequest) => addFeedbackCorrection(feedbackId, request),
    // The Inform the Bot list shows the new item next time it is opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inform-the-bot'] }),
  });
}
