import { z } from 'zod';
import { SUPPORT_MESSAGE_THRESHOLD } from './bot-settings.ts';
import { isoTimestamp } from './envelope.ts';

/**
 * The Insights screen (docs/insights.md): coverage gaps, document health and time to fix, each over a
 * chosen period, and the support threshold preview of Bot Settings. Every period is bounded so a query
 * never reads more than that many days of history.
 */
export const INSIGHT_PERIOD_DAYS = [7, 30, 90] as const;
export type InsightPeriodDays = (typeof INSIGHT_PERIOD_DAYS)[number];
export const DEFAULT_INSIGHT_PERIOD_DAYS: InsightPeriodDays = 30;

const PERIOD_ERROR = `days must be one of ${INSIGHT_PERIOD_DAYS.join(', ')}.`;
export const insightPeriodQuery = z.object({
  days: z
    .enum(INSIGHT_PERIOD_DAYS.map(String) as [string, ...string[]], { error: PERIOD_ERROR })
    .default(String(DEFAULT_INSIGHT_PERIOD_DAYS))
    .transform((value) => Number(value) as InsightPeriodDays),
});

/** At most this many of the period's latest coverage-gap questions are grouped (each one is embedded). */
export const COVERAGE_GAP_QUESTION_LIMIT = 1000;
/** Two questions join one group when their embeddings' cosine similarity is at least this. */
export const COVERAGE_GAP_SIMILARITY = 0.75;

/** One group of similar questions the bot could not answer. */
export const coverageGapRow = z.object({
  /** The group's first question (the most recent of the group's questions): the one prefilled in a correction. */
  question: z.string(),
  count: z.number().int(),
  first_seen: isoTimestamp,
  last_seen: isoTimestamp,
  /** Up to five other wordings of the group, most recent first. */
  examples: z.array(z.string()),
});
export type CoverageGapRow = z.infer<typeof coverageGapRow>;

/** The whole answer: the groups, and how many questions were grouped out of how many the period held. */
export const coverageGapsReport = z.object({
  groups: z.array(coverageGapRow),
  grouped_questions: z.number().int(),
  period_questions: z.number().int(),
});
export type CoverageGapsReport = z.infer<typeof coverageGapsReport>;

/** One document's use in the period's answers. */
export const documentHealthRow = z.object({
  document_id: z.number().int(),
  title: z.string(),
  /** Answers of the period built from it (answer_sources). */
  citations: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
  last_cited: isoTimestamp.nullable(),
});
export type DocumentHealthRow = z.infer<typeof documentHealthRow>;

/** Website sources whose newest sync failed, and those overdue (a schedule set, no sync finished within twice its interval). */
export const sourceSyncHealthRow = z.object({ failed: z.number().int(), overdue: z.number().int() });
export type SourceSyncHealthRow = z.infer<typeof sourceSyncHealthRow>;

/** A thumbs-down whose correction (saved from that feedback, approved) fixed the answer. */
export const timeToFixRow = z.object({
  feedback_id: z.number().int(),
  correction_id: z.number().int(),
  question: z.string(),
  rated_at: isoTimestamp,
  approved_at: isoTimestamp,
  hours_to_fix: z.number(),
  /** The period's ratings of the same question (same words, any case) before the approval, the thumbs-down included. */
  ratings_before: z.number().int(),
  up_before: z.number().int(),
  /** Ratings of answers built from the correction after its approval, and how many were thumbs-up. */
  ratings_after: z.number().int(),
  up_after: z.number().int(),
});
export type TimeToFixRow = z.infer<typeof timeToFixRow>;

export const timeToFixReport = z.object({
  fixes: z.array(timeToFixRow),
  /** The median hours from rating to approval, null without any fix in the period. */
  median_hours: z.number().nullable(),
  /** Before the fixes: the share of thumbs-up among ratings_before of every fix (0–1, null without any). */
  up_share_before: z.number().nullable(),
  /** After: the share of thumbs-up among ratings_after of every fix. */
  up_share_after: z.number().nullable(),
});
export type TimeToFixReport = z.infer<typeof timeToFixReport>;

/** Support threshold preview: sessions of the last SUPPORT_PREVIEW_DAYS days. */
export const SUPPORT_PREVIEW_DAYS = 30;
export const supportPreviewQuery = z.object({
  threshold: z.coerce
    .number({ error: 'threshold must be a whole number.' })
    .int('threshold must be a whole number.')
    .min(SUPPORT_MESSAGE_THRESHOLD.min, `threshold must be at least ${SUPPORT_MESSAGE_THRESHOLD.min}.`)
    .max(SUPPORT_MESSAGE_THRESHOLD.max, `threshold must be at most ${SUPPORT_MESSAGE_THRESHOLD.max}.`),
});
export const supportPreviewRow = z.object({
  threshold: z.number().int(),
  /** Sessions started in the last SUPPORT_PREVIEW_DAYS days that asked at least `threshold` questions. */
  sessions_reached: z.number().int(),
  sessions_total: z.number().int(),
});
export type SupportPreviewRow = z.infer<typeof supportPreviewRow>;

export const INSIGHTS_TEXTS = {
  title: 'Insights',
  period: 'Period',
  periodOption: (days: number) => `Last ${days} days`,
  coverageGaps: 'Coverage gaps',
  coverageGapsHelp: 'Questions the bot could not answer, grouped by similar meaning.',
  coverageGapsBounded: (grouped: number, total: number) =>
    grouped < total ? `The latest ${grouped} of ${total} unanswered questions are grouped.` : `${total} unanswered ${total === 1 ? 'question' : 'questions'}.`,
  noCoverageGaps: 'The bot answered every question in this period.',
  writeCorrection: 'Write a correction',
  uploadDocument: 'Upload a document',
  documentHealth: 'Document health',
  documentHealthHelp: 'How often each document was cited in answers, and how those answers were rated.',
  neverCited: 'Never cited in this period',
  /** Document health's line on synced sources (websites and PDFs added by URL), shown only when one needs a look. */
  sourceSyncHealth: ({ failed, overdue }: { failed: number; overdue: number }) =>
    [failed > 0 ? `${failed} synced ${failed === 1 ? 'source’s' : 'sources’'} last sync failed` : '', overdue > 0 ? `${overdue} synced ${overdue === 1 ? 'source is' : 'sources are'} overdue for a sync` : '']
      .filter(Boolean)
      .join('; ') + '.',
  seeWebsites: 'See the documents and websites',
  noDocuments: 'No documents yet.',
  timeToFix: 'Time to fix',
  timeToFixHelp: 'Thumbs-down answers corrected from the Feedback screen: hours from the rating to the approved correction.',
  noFixes: 'No thumbs-down was corrected in this period.',
  medianTimeToFix: 'Median time to fix',
  upShare: (share: number | null) => (share === null ? 'no ratings' : `${Math.round(share * 100)} % thumbs-up`),
  supportPreview: (reached: number, total: number, days: number) =>
    `At this value, ${reached} of ${total} sessions of the last ${days} days would have shown the support message.`,
} as const;
