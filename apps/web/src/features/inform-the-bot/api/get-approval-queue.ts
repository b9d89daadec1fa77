import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { approvalQueueRow, type ApprovalQueue } from '@steward/contract/inform-the-bot';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/inform-the-bot/approval-queue: items waiting for the viewer's approval, and how many may approve. */
export const getApprovalQueue = async (): Promise<ApprovalQueue> => {
  const row = (await apiGet('/api/inform-the-bot/approval-queue', rowsAnswer(approvalQueueRow))).data.rows[0];
  return row ?? { awaiting_you: 0, approvers: 0 };
};

/** Its own key: the list's cache updates (arrays of rows) must not touch it. */
export const approvalQueueQueryKey = ['inform-the-bot-approval-queue'] as const;

export const useApprovalQueue = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: approvalQueueQueryKey, queryFn: getApprovalQueue, enabled }));
