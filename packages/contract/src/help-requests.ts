import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { historyRow } from './history.ts';
import { mailDeliveryFields } from './mail-delivery.ts';

/** GET /api/all-help-requests-count: open (pending) help requests, for the sidebar badge. */
export const helpRequestCountRow = z.object({ total_count: z.number().int() });

export const HELP_REQUEST_STATUSES = ['pending', 'resolved'] as const;
export const helpRequestStatus = z.enum(HELP_REQUEST_STATUSES);
export type HelpRequestStatus = z.infer<typeof helpRequestStatus>;

/** The list's filter in calls and routes: a status, or '' for all. */
export const helpRequestStatusFilter = z.enum(['', ...HELP_REQUEST_STATUSES], {
  error: 'The status must be "pending", "resolved" or empty for all help requests.',
});
export type HelpRequestStatusFilter = z.infer<typeof helpRequestStatusFilter>;

/** The tabs of the list (spec: All, Resolved, Pending) and where each leads. */
export const HELP_REQUEST_TABS = [
  { label: 'All', status: '' },
  { label: 'Resolved', status: 'resolved' },
  { label: 'Pending', status: 'pending' },
] as const satisfies readonly { label: string; status: HelpRequestStatusFilter }[];

export const helpRequestRow = z.object({
  id: z.number().int(),
  user_ip: z.string(),
  country: z.string(),
  time: isoTimestamp,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  origin_url: z.string().nullable(),
  status: helpRequestStatus,
});
export type HelpRequest = z.infer<typeof helpRequestRow>;

/** A list row carries the filter's total, as every list of the spec does. */
export const helpRequestListRow = helpRequestRow.extend({ total_count: z.number().int() });

/**
 * GET /api/all-help-requests/{pageIndex}/{status}: `total_count` also sits beside the rows, for a page past the end;
 * `total_count_capped` when a triage filter's count stopped at FILTERED_COUNT_CAP (list-filters.ts).
 */
export const helpRequestPageAnswer = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(helpRequestListRow), total_count: z.number().int(), total_count_capped: z.boolean() }),
});
export type HelpRequestPage = z.infer<typeof helpRequestPageAnswer>['data'];

export const HELP_REQUEST_ACTIONS = ['resolve', 'reopen'] as const;
export const helpRequestAction = z.enum(HELP_REQUEST_ACTIONS, { error: 'The action must be "resolve" or "reopen".' });
export type HelpRequestAction = z.infer<typeof helpRequestAction>;

export const HELP_REQUEST_MESSAGES = {
  resolved: 'You have successfully resolved this help request.',
  reopened: 'You have successfully reopened this help request.',
  alreadyResolved: 'This help request is already resolved.',
  alreadyPending: 'This help request is already pending.',
  notFound: 'This help request does not exist.',
  replyRequired: 'Please type a reply.',
  replyTooLong: 'The reply is too long: at most 5,000 characters.',
  replySent: 'Your reply has been sent.',
} as const;

/** The longest reply staff may mail a visitor: a letter, not a document. */
export const MAX_REPLY_LENGTH = 5_000;

/** POST /api/help-requests/{id}/reply: a reply mailed to the visitor (who may reply = who may change the status). */
export const helpRequestReplyRequest = z.strictObject({
  message: z
    .string({ error: HELP_REQUEST_MESSAGES.replyRequired })
    .trim()
    .min(1, HELP_REQUEST_MESSAGES.replyRequired)
    .max(MAX_REPLY_LENGTH, HELP_REQUEST_MESSAGES.replyTooLong),
});
export type HelpRequestReplyRequest = z.infer<typeof helpRequestReplyRequest>;

/** One reply of the thread; the author's name as it was when they wrote it. */
export const helpRequestReplyRow = z.object({
  id: z.number().int(),
  time: isoTimestamp,
  author_name: z.string(),
  message: z.string(),
});
export type HelpRequestReply = z.infer<typeof helpRequestReplyRow>;

/** POST /api/help-requests/{id}/reply answers the reply kept, and how its mail went (mail-delivery.ts). */
export const helpRequestReplySentRow = helpRequestReplyRow.extend(mailDeliveryFields);
export type HelpRequestReplySent = z.infer<typeof helpRequestReplySentRow>;

/** GET /api/help-requests/{id}/thread: the chat it came from (its session's exchanges, oldest first) and the staff's replies. */
export const helpRequestThreadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ transcript: z.array(historyRow), replies: z.array(helpRequestReplyRow) }),
});
export type HelpRequestThread = z.infer<typeof helpRequestThreadAnswer>['data'];

/** The action button of the detail screen: resolve a pending request, reopen a resolved one. */
export const actionFor = (status: HelpRequestStatus): { action: HelpRequestAction; label: string } =>
  status === 'pending' ? { action: 'resolve', label: 'Mark as Resolved' } : { action: 'reopen', label: 'Reopen Request' };
