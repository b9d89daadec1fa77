import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { ratingSchema } from './feedback.ts';

/**
 * One source document the bot cited: either a plain string (a title or a URL) or an
 * object whose metadata names the file and where it came from (spec section 3).
 */
export const sourceDocSchema = z.union([
  z.string(),
  z.object({
    metadata: z.object({ filename: z.string().optional(), source_url: z.string().optional() }),
  }),
]);
export type SourceDoc = z.infer<typeof sourceDocSchema>;

/** The external account a chat visitor was signed in with, as the bot reports it. */
export const chatAccountSchema = z.object({
  primary_id: z.string().optional(),
  secondary_id: z.string().optional(),
  email: z.string().optional(),
});
export type ChatAccount = z.infer<typeof chatAccountSchema>;

/** A History row of spec section 3: one exchange (the visitor's message and the bot's answer). */
export const historyRow = z.object({
  id: z.number().int(),
  session_id: z.string(),
  user_message: z.string(),
  /** HTML written by the bot: render only after sanitising. */
  api_response: z.string(),
  source_docs: z.array(sourceDocSchema),
  origin: z.string().nullable(),
  /** JSON text of a ChatAccount, or null when the visitor was anonymous. */
  account: z.string().nullable(),
  time: isoTimestamp,
  country: z.string(),
  user_ip: z.string(),
  /** The bot found nothing good enough to answer with (it said "I don't know"): a gap in its knowledge. */
  coverage_gap: z.boolean(),
  /** Our addition (issue 40): the exchange's latest thumb from the visitor, or null when unrated. */
  rating: ratingSchema.nullable(),
  /** Our addition (issue 40): the chat session holds a help request. */
  help_request: z.boolean(),
  /** All rows of the list (list page), or all exchanges of the session (session detail). */
  total_count: z.number().int(),
});
export type HistoryRow = z.infer<typeof historyRow>;

/**
 * `coverage_gaps=true` lists only the exchanges the bot could not answer; the dashboard keeps the same key
 * in its own URL (/history?coverage_gaps=true). The list's other filters: list-filters.ts.
 */
export const COVERAGE_GAPS_PARAM = 'coverage_gaps';

/** Chat session ids are the bot's own strings, at most 200 characters (the bot API's limit). */
export const MAX_SESSION_ID_LENGTH = 200;

export const sessionIdParam = z
  .string()
  .min(1, 'The chat session id is missing.')
  .max(MAX_SESSION_ID_LENGTH, 'The chat session id is too long.');

export const HISTORY_MESSAGES = {
  sessionNotFound: 'This chat session does not exist.',
} as const;

/** Reads the account JSON text of a history row; anything unreadable counts as no account. */
export function parseChatAccount(account: string | null): ChatAccount | null {
  if (!account) return null;
  try {
    const parsed = chatAccountSchema.safeParse(JSON.parse(account));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A passage (or a correction) an answer was built from, best first (answer_sources). */
export const answerSourceRow = z.object({
  document_id: z.number().int().nullable(),
  inform_the_bot_id: z.number().int().nullable(),
  title: z.string(),
  page: z.number().int().nullable(),
  page_end: z.number().int().nullable(),
  heading: z.string().nullable(),
  excerpt: z.string(),
  /** 0 to 1: the search's relevance, or for a correction how alike the questions are. */
  relevance: z.number(),
});
export type AnswerSourceRow = z.infer<typeof answerSourceRow>;

/** The visitor's rating of one answer, beside it. `reason` is a list (the feedback row keeps it as JSON text). */
export const answerRatingRow = z.object({
  feedback_id: z.number().int(),
  rating: z.enum(['up', 'down']),
  reason: z.array(z.string()),
  user_feedback: z.string(),
});

/** What the session detail adds beside one exchange (by its history id). */
export const exchangeNotesRow = z.object({
  history_id: z.number().int(),
  sources: z.array(answerSourceRow),
  ratings: z.array(answerRatingRow),
});
export type ExchangeNotes = z.infer<typeof exchangeNotesRow>;

/** A help request the visitor sent from this chat session. */
export const linkedHelpRequestRow = z.object({
  id: z.number().int(),
  time: isoTimestamp,
  status: z.enum(['pending', 'resolved']),
});
export type LinkedHelpRequest = z.infer<typeof linkedHelpRequestRow>;

/** GET /api/history/{sessionId}/notes: the session's sources, ratings and help requests, beside the spec's rows. */
export const sessionNotesAnswer = z.object({
  success: z.literal(true),
  data: z.object({ exchanges: z.array(exchangeNotesRow), help_requests: z.array(linkedHelpRequestRow) }),
});
export type SessionNotes = z.infer<typeof sessionNotesAnswer>['data'];
