import { z } from 'zod';
import { BOT_LIMITS, chatAccount, feedbackFields, httpUrl } from './bot.ts';
import { MAX_EMAIL_LENGTH, SIMPLE_EMAIL_PATTERN } from './auth.ts';
import { CHAT_ANSWER_KINDS, CHAT_HELP_REQUEST_TEXTS, CHAT_LIMITS, CHAT_TEXTS } from './chat-constants.ts';
import { cleanLabel } from './text-safety.ts';

export {
  CHAT_ANSWER_KINDS,
  CHAT_DOWN_REASONS,
  CHAT_HELP_REQUEST_TEXTS,
  CHAT_LIMITS,
  CHAT_STREAM_EVENTS,
  CHAT_TEXTS,
  type ChatAnswerKind,
} from './chat-constants.ts';

/**
 * The public customer calls under /api/chat/*: the chat widget (or any site's own client) asks the
 * bot, rates an answer and asks staff for help, without a staff cookie or the bot API key.
 * A chat session is identified by a server-issued, HMAC-signed `session_id` (`<random>.<signature>`):
 * it cannot be guessed, and feedback is accepted only for a history row of the same session.
 * See docs/bot.md.
 */
const missingOr = (field: string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required.` : `${field} ${wrongType}`;

const sessionIdField = z
  .string({ error: 'session_id must be a string.' })
  .min(1, 'session_id must not be empty.')
  .max(CHAT_LIMITS.sessionId, `session_id must be at most ${CHAT_LIMITS.sessionId} characters long.`);

/** POST /api/chat/ask. Without session_id the server starts a session and returns its id. */
export const chatAskRequest = z.strictObject({
  session_id: sessionIdField.optional(),
  message: z
    .string({ error: missingOr('message', 'must be a string.') })
    .refine((value) => value.trim() !== '', 'message must not be empty.')
    .refine((value) => value.length <= CHAT_LIMITS.message, CHAT_TEXTS.messageTooLong),
  origin: httpUrl('origin').nullable().optional(),
  account: chatAccount.nullable().optional(),
});
export type ChatAskRequest = z.infer<typeof chatAskRequest>;

/** One source of an answer: the widget links to it. */
export const chatSource = z.object({
  title: z.string(),
  source_url: z.string().nullable(),
  page: z.number().int().nullable(),
});
export type ChatSource = z.infer<typeof chatSource>;

export const chatAnswer = z.object({
  session_id: z.string(),
  history_id: z.number().int(),
  /** Sanitised HTML, stored as the history row's api_response. */
  answer: z.string(),
  answer_kind: z.enum(CHAT_ANSWER_KINDS),
  source_docs: z.array(chatSource),
  /** Present once the session has asked supportMessageThreshold questions. */
  support_message: z.string().optional(),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;

/**
 * With `Accept: text/event-stream`, /api/chat/ask streams Server-Sent Events instead:
 * `delta` events carry `{ text }` pieces of the answer as the LLM writes them (plain text),
 * then one `answer` event carries the whole ChatAnswer (its sanitised HTML replaces the pieces),
 * or one `error` event carries `{ message }`.
 */
export const chatStreamDelta = z.object({ text: z.string() });

/** POST /api/chat/feedback: a thumbs up or down on an answer of the same session. */
export const chatFeedbackRequest = z.strictObject({
  session_id: sessionIdField,
  ...feedbackFields,
});
export type ChatFeedbackRequest = z.infer<typeof chatFeedbackRequest>;

/** POST /api/chat/help-request: the visitor asks staff for help. */
export const chatHelpRequest = z.strictObject({
  session_id: sessionIdField.optional(),
  name: z
    .string({ error: missingOr('name', 'must be a string.') })
    .overwrite(cleanLabel)
    .refine((value) => value.trim() !== '', CHAT_HELP_REQUEST_TEXTS.nameEmpty)
    .refine((value) => value.length <= BOT_LIMITS.name, CHAT_HELP_REQUEST_TEXTS.nameTooLong),
  email: z
    .string({ error: missingOr('email', 'must be a string.') })
    .trim()
    .min(1, CHAT_HELP_REQUEST_TEXTS.emailEmpty)
    .max(MAX_EMAIL_LENGTH, CHAT_HELP_REQUEST_TEXTS.emailTooLong)
    .regex(SIMPLE_EMAIL_PATTERN, CHAT_HELP_REQUEST_TEXTS.emailInvalid),
  message: z
    .string({ error: missingOr('message', 'must be a string.') })
    .refine((value) => value.trim() !== '', CHAT_HELP_REQUEST_TEXTS.messageEmpty)
    .refine((value) => value.length <= BOT_LIMITS.helpMessage, CHAT_HELP_REQUEST_TEXTS.messageTooLong),
  origin_url: httpUrl('origin_url').nullable().optional(),
});
export type ChatHelpRequest = z.infer<typeof chatHelpRequest>;

/** GET /api/chat/fun-facts: the texts shown while an answer is on its way ("Did you know that {fact}?"). */
export const chatFunFacts = z.object({ facts: z.array(z.string()) });
