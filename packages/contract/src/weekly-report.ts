import { z } from 'zod';

/**
 * The weekly report by mail (issue 57, docs/integrations.md#the-weekly-report): a Monday mail with the past week.
 * Opt-in twice: an administrator offers it for the instance (off by default), then each member opts in on their
 * own account page. Every mail carries an unsubscribe link that works without signing in.
 */

export const WEEKLY_REPORT_MESSAGES = {
  /** Opting in while the instance does not offer the report. */
  notOffered: 'The weekly report is not offered. An administrator can offer it on Integrations.',
  offeredInvalid: 'Please choose whether the weekly report is offered.',
  subscribedInvalid: 'Please choose whether you want the weekly report.',
  /** An unsubscribe link whose token is not one this server signed (tampered, cut short, another purpose). */
  linkInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive the weekly report.',
} as const;

/** How many coverage gaps the mail lists (the largest groups of the week). */
export const WEEKLY_REPORT_TOP_GAPS = 5;

/** GET /api/weekly-report/offer (administrators): whether staff may opt in. */
export const weeklyReportOfferRow = z.object({ offered: z.boolean() });
export type WeeklyReportOffer = z.infer<typeof weeklyReportOfferRow>;

/** POST /api/weekly-report/offer. */
export const weeklyReportOfferRequest = z.strictObject({ offered: z.boolean({ error: WEEKLY_REPORT_MESSAGES.offeredInvalid }) });
export type WeeklyReportOfferRequest = z.infer<typeof weeklyReportOfferRequest>;

/** GET /api/user/{id}/weekly-report (own account): whether it is offered, and whether this member gets it. */
export const weeklyReportSubscriptionRow = z.object({ offered: z.boolean(), subscribed: z.boolean() });
export type WeeklyReportSubscription = z.infer<typeof weeklyReportSubscriptionRow>;

/** POST /api/user/{id}/weekly-report (own account). Opting in needs the offer; opting out never does. */
export const weeklyReportSubscriptionRequest = z.strictObject({ subscribed: z.boolean({ error: WEEKLY_REPORT_MESSAGES.subscribedInvalid }) });
export type WeeklyReportSubscriptionRequest = z.infer<typeof weeklyReportSubscriptionRequest>;

/** The token of an unsubscribe link: `<member id>.<signature>` (base64url). */
export const unsubscribeTokenParam = z.string().max(200);

/** GET /api/weekly-report/unsubscribe/{token} (public): whose report the link stops, and whether it still goes out. */
export const weeklyReportUnsubscribeRow = z.object({ email: z.string(), subscribed: z.boolean() });
export type WeeklyReportUnsubscribe = z.infer<typeof weeklyReportUnsubscribeRow>;
