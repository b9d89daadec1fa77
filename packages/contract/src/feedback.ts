import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';

export const RATINGS = ['up', 'down'] as const;
export const ratingSchema = z.enum(RATINGS);
export type Rating = z.infer<typeof ratingSchema>;

/** The rating segment of GET /api/all-feedback/{pageIndex}/{rating}: empty means all. */
export const ratingFilterParam = z.enum(['', ...RATINGS], {
  error: 'The rating must be up, down, or empty for all feedback.',
});
export type RatingFilter = z.infer<typeof ratingFilterParam>;

/** The Feedback row of spec section 3. */
export const feedbackRow = z.object({
  id: z.number().int(),
  user_ip: z.string(),
  country: z.string(),
  time: isoTimestamp,
  user_feedback: z.string(),
  /** A JSON array of strings, as text (spec section 3). */
  reason: z.string(),
  user_message: z.string(),
  /** HTML written by the bot: render only after sanitising. */
  api_response: z.string(),
  rating: ratingSchema,
  session_id: z.string(),
  /** Rows of the list under the current filter; 1 on the detail call. */
  total_count: z.number().int(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export const FEEDBACK_MESSAGES = {
  notFound: 'This feedback does not exist.',
  contentRequired: 'Please type new content.',
  contentTooLong: 'The new content is too long.',
  correctionAdded: 'You have successfully added new information.',
  correctionFormTitle: 'Type correct answer to the question below.',
} as const;

export const MAX_CORRECTION_LENGTH = 20_000;

/** POST /api/feedback/{id}/correction: the right answer to the feedback's question. */
export const feedbackCorrectionRequest = z.strictObject({
  content: z
    .string({ error: FEEDBACK_MESSAGES.contentRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.contentRequired)
    .max(MAX_CORRECTION_LENGTH, FEEDBACK_MESSAGES.contentTooLong),
});
export type FeedbackCorrectionRequest = z.infer<typeof feedbackCorrectionRequest>;

/** The Inform-the-Bot item the correction created (type correction, status pending). */
export const feedbackCorrectionRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  time: isoTimestamp,
  content: z.string(),
  name: z.string(),
  status: z.enum(['pending', 'approved']),
  type: z.literal('correction'),
  question: z.string(),
  feedback_id: z.number().int(),
});
export type FeedbackCorrectionRow = z.infer<typeof feedbackCorrectionRow>;

/** Reads the reason JSON text of a feedback row: one string per line on the detail screen. */
export function parseReasons(reason: string): string[] {
  try {
    const parsed: unknown = JSON.parse(reason);
    if (Array.isArray(parsed)) return parsed.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    return typeof parsed === 'string' ? [parsed] : [];
  } catch {
    return reason ? [reason] : [];
  }
}
