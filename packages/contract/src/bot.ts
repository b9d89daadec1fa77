import { z } from 'zod';
import { SIMPLE_EMAIL_PATTERN, MAX_EMAIL_LENGTH } from './auth.ts';
import { BOT_LIMITS } from './bot-limits.ts';
import { cleanLabel } from './text-safety.ts';

/**
 * The bot API: the customer-facing chatbot reports messages, feedback and help
 * requests, server to server, with `Authorization: Bearer $BOT_API_KEY`.
 * Every field is checked here, so a message names the field at fault.
 */
export { BOT_LIMITS };

const missingOr = (field: string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required.` : `${field} ${wrongType}`;

/** A required string, not blank, at most `max` characters. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: missingOr(field, 'must be a string.') })
    .refine((value) => value.trim() !== '', `${field} must not be empty.`)
    .refine((value) => value.length <= max, `${field} must be at most ${max} characters long.`);

const optionalText = (field: string, max: number) =>
  z.string({ error: `${field} must be a string.` }).max(max, `${field} must be at most ${max} characters long.`);

/** An absolute http(s) URL: the dashboard links to it, so no javascript:, data: or relative URLs. */
export const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be a string.` })
    .max(BOT_LIMITS.url, `${field} must be at most ${BOT_LIMITS.url} characters long.`)
    .pipe(z.url({ protocol: /^https?$/, error: `${field} must be an absolute http:// or https:// URL.` }));

export const userIpField = z
  .string({ error: 'user_ip must be a string.' })
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'user_ip must be an IPv4 or IPv6 address.' }));

/**
 * An ISO 3166-1 alpha-2 code, the same form the GeoIP lookup gives, so the column is uniform.
 * An empty string counts as absent: the server derives the country from user_ip.
 */
export const countryField = z
  .string({ error: 'country must be a string.' })
  .trim()
  // eslint-disable-next-line security/detect-unsafe-regex -- an optional group of exactly two letters: no repetition to backtrack over
  .regex(/^([A-Za-z]{2})?$/, 'country must be a two-letter ISO 3166-1 country code such as "US".')
  .transform((code) => code.toUpperCase());

/** When it happened, ISO 8601 with a time zone (Z or ±hh:mm); the server uses now when absent. */
export const timeField = z
  .string({ error: 'time must be a string.' })
  .pipe(z.iso.datetime({ offset: true, error: 'time must be an ISO 8601 date and time with a time zone, such as "2026-05-01T14:30:00Z".' }));

const visitorFields = {
  user_ip: userIpField.optional(),
  country: countryField.optional(),
  time: timeField.optional(),
};

const unknownFieldsError = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field${(issue.keys?.length ?? 0) > 1 ? 's' : ''}: ${(issue.keys ?? []).join(', ')}.`
    : 'The request body must be a JSON object.';

export const sourceDocument = z.union(
  [
    z.string().max(BOT_LIMITS.url, `Each source_docs string must be at most ${BOT_LIMITS.url} characters long.`),
    z.strictObject({
      metadata: z.strictObject({
        filename: optionalText('source_docs[].metadata.filename', BOT_LIMITS.filename).overwrite(cleanLabel),
        source_url: httpUrl('source_docs[].metadata.source_url'),
      }),
    }),
  ],
  {
    error: 'Each source_docs item must be a string or { metadata: { filename, source_url } } with an http(s) source_url.',
  },
);
export type SourceDocument = z.infer<typeof sourceDocument>;

export const chatAccount = z.strictObject(
  {
    primary_id: optionalText('account.primary_id', BOT_LIMITS.accountField).optional(),
    secondary_id: optionalText('account.secondary_id', BOT_LIMITS.accountField).optional(),
    email: optionalText('account.email', BOT_LIMITS.accountField).optional(),
  },
  { error: 'account must be null or an object with primary_id, secondary_id and email strings.' },
);
export type ChatAccount = z.infer<typeof chatAccount>;

/** POST /api/bot/messages: one exchange of a chat session. */
export const botMessageRequest = z.strictObject(
  {
    session_id: requiredText('session_id', BOT_LIMITS.sessionId),
    user_message: requiredText('user_message', BOT_LIMITS.userMessage),
    api_response: z
      .string({ error: missingOr('api_response', 'must be a string (HTML).') })
      .max(BOT_LIMITS.apiResponse, `api_response must be at most ${BOT_LIMITS.apiResponse} characters long.`),
    source_docs: z
      .array(sourceDocument, { error: 'source_docs must be a list.' })
      .max(BOT_LIMITS.sourceDocs, `source_docs must hold at most ${BOT_LIMITS.sourceDocs} items.`)
      .optional(),
    origin: httpUrl('origin').nullable().optional(),
    account: chatAccount.nullable().optional(),
    ...visitorFields,
  },
  { error: unknownFieldsError },
);
export type BotMessageRequest = z.infer<typeof botMessageRequest>;

export const botMessageRow = z.object({ id: z.number().int(), session_id: z.string(), time: z.string() });
export type BotMessageRow = z.infer<typeof botMessageRow>;

export const FEEDBACK_RATINGS = ['up', 'down'] as const;

/** A rating's own fields, the same from the chatbot's server (bot API) and from the chat widget (chat API). */
export const feedbackFields = {
  history_id: z
    .number({ error: missingOr('history_id', 'must be a number.') })
    .int('history_id must be a whole number.')
    .positive('history_id must be a positive whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'history_id is too large.'),
  rating: z.enum(FEEDBACK_RATINGS, { error: 'rating must be "up" or "down".' }),
  reason: z
    .array(
      z.string({ error: 'Each reason must be a string.' }).max(BOT_LIMITS.reason, `Each reason must be at most ${BOT_LIMITS.reason} characters long.`),
      { error: 'reason must be a list of strings.' },
    )
    .max(BOT_LIMITS.reasons, `reason must hold at most ${BOT_LIMITS.reasons} items.`)
    .optional(),
  user_feedback: optionalText('user_feedback', BOT_LIMITS.userFeedback).optional(),
};

/** POST /api/bot/feedback: a thumbs up or down on one history row. */
export const botFeedbackRequest = z.strictObject(
  {
    ...feedbackFields,
    ...visitorFields,
  },
  { error: unknownFieldsError },
);
export type BotFeedbackRequest = z.infer<typeof botFeedbackRequest>;

/** POST /api/bot/help-requests: a visitor asks staff for help; it starts pending. */
export const botHelpRequestRequest = z.strictObject(
  {
    session_id: requiredText('session_id', BOT_LIMITS.sessionId).optional(),
    name: z.string({ error: missingOr('name', 'must be a string.') }).overwrite(cleanLabel).pipe(requiredText('name', BOT_LIMITS.name)),
    email: z
      .string({ error: missingOr('email', 'must be a string.') })
      .trim()
      .min(1, 'email must not be empty.')
      .max(MAX_EMAIL_LENGTH, `email must be at most ${MAX_EMAIL_LENGTH} characters long.`)
      .regex(SIMPLE_EMAIL_PATTERN, 'email must be an email address such as name@example.com.'),
    message: requiredText('message', BOT_LIMITS.helpMessage),
    origin_url: httpUrl('origin_url').nullable().optional(),
    ...visitorFields,
  },
  { error: unknownFieldsError },
);
export type BotHelpRequestRequest = z.infer<typeof botHelpRequestRequest>;

export const createdIdRow = z.object({ id: z.number().int() });
