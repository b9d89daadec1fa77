import { BOT_LIMITS } from './bot-limits.ts';
import { MAX_EMAIL_LENGTH } from './email-address.ts';

/**
 * The limits, texts and lists of the public chat calls (chat.ts), in a module without zod: the chat
 * widget imports them, and zod would add about 90 kB gzip to its bundle.
 */
export const CHAT_LIMITS = {
  /** Longer questions are refused with a clear message, not cut. */
  message: 2_000,
  sessionId: 200,
} as const;

export const CHAT_TEXTS = {
  messageTooLong: `message must be at most ${CHAT_LIMITS.message} characters long.`,
  badSession: 'This chat session is not valid: start a new conversation.',
  feedbackForeignRow: 'This answer does not belong to your chat session.',
  tooManyRequests: 'Too many messages: please wait a moment and try again.',
  /** Said when nothing in the knowledge store answers the question well enough. */
  dontKnow: "I'm sorry, I don't know the answer to that. Would you like to ask our team? Leave your name and email and we'll get back to you.",
  /** Before where the sentences of an extractive answer come from: "Source: GNU Wget manual, page 12 (2.5 Download Options)". */
  sourcePrefix: 'Source:',
  /** Added to the answer once the session has asked supportMessageThreshold questions. */
  supportMessage: 'Still need help? Our team can answer you directly.',
  /** A browser call from a site that is not in BOT_ALLOWED_ORIGINS. */
  originNotAllowed: 'This site may not use the chat.',
  /** The answer could not be made (an unexpected failure): said in the stream's `error` event. */
  answerFailed: 'Sorry, something went wrong while answering. Please try again.',
} as const;

/** The help request's field messages: the server's schema and the widget's form say the same. */
export const CHAT_HELP_REQUEST_TEXTS = {
  nameEmpty: 'name must not be empty.',
  nameTooLong: `name must be at most ${BOT_LIMITS.name} characters long.`,
  emailEmpty: 'email must not be empty.',
  emailTooLong: `email must be at most ${MAX_EMAIL_LENGTH} characters long.`,
  emailInvalid: 'email must be an email address such as name@example.com.',
  messageEmpty: 'message must not be empty.',
  messageTooLong: `message must be at most ${BOT_LIMITS.helpMessage} characters long.`,
} as const;

/** How the answer was made: written by the configured LLM, quoted passages, an approved correction, or "I don't know". */
export const CHAT_ANSWER_KINDS = ['llm', 'extractive', 'correction', 'unknown'] as const;
export type ChatAnswerKind = (typeof CHAT_ANSWER_KINDS)[number];

/** The Server-Sent Events of a streamed /api/chat/ask (see chat.ts). */
export const CHAT_STREAM_EVENTS = ['delta', 'answer', 'error'] as const;

/** The reasons the widget offers with a thumbs down. */
export const CHAT_DOWN_REASONS = ['Incorrect', 'Not helpful', 'Incomplete', 'Hard to understand'] as const;

/** A fun fact as the chat widget shows it while an answer is on its way (and the dashboard previews it). */
export const funFactPreview = (fact: string): string => `Did you know that ${fact}?`;

/**
 * How the chat widget looks and greets (Bot Settings, stored in bot_settings as `widgetAppearance`), as
 * GET /api/chat/appearance answers it to the widget. A site's `data-title` / `data-greeting` on the script
 * tag still win for that page.
 */
export interface WidgetAppearance {
  title: string;
  greeting: string;
  /** A #rrggbb colour for the button, the panel's header and the visitor's messages. */
  accent_color: string;
  /** Questions offered as buttons before the visitor's first one. */
  suggested_questions: string[];
}

export const WIDGET_APPEARANCE_DEFAULTS: WidgetAppearance = {
  title: 'Chat with us',
  greeting: 'Hi! Ask me anything about our products and services.',
  accent_color: '#0b57b0',
  suggested_questions: [],
};

export const WIDGET_APPEARANCE_LIMITS = {
  title: 60,
  greeting: 200,
  suggestedQuestions: 4,
  suggestedQuestion: 120,
  dontKnow: 500,
  allowedSites: 20,
} as const;

const channel = (hex: string, at: number) => {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
/** WCAG relative luminance of a #rrggbb colour. */
export const relativeLuminance = (hex: string): number => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export const contrastRatio = (first: string, second: string): number => {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** White or near-black, whichever reads better on the accent colour (the widget's header and buttons). */
export const textColorOn = (accent: string): string => (contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#111418') ? '#ffffff' : '#111418');
