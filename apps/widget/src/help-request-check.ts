import { BOT_LIMITS } from '@steward/contract/bot-limits';
import { CHAT_HELP_REQUEST_TEXTS as TEXTS } from '@steward/contract/chat-constants';
import { MAX_EMAIL_LENGTH, SIMPLE_EMAIL_PATTERN } from '@steward/contract/email-address';
import type { HelpRequestFields } from './conversation.ts';

export type HelpRequestProblems = Partial<Record<keyof HelpRequestFields, string>>;

/** The server's rules for POST /api/chat/help-request (chatHelpRequest), with its texts, checked before sending. */
export function helpRequestProblems(fields: HelpRequestFields): HelpRequestProblems {
  const problems: HelpRequestProblems = {};
  if (fields.name.trim() === '') problems.name = TEXTS.nameEmpty;
  else if (fields.name.length > BOT_LIMITS.name) problems.name = TEXTS.nameTooLong;
  const email = fields.email.trim();
  if (email === '') problems.email = TEXTS.emailEmpty;
  else if (email.length > MAX_EMAIL_LENGTH) problems.email = TEXTS.emailTooLong;
  else if (!SIMPLE_EMAIL_PATTERN.test(email)) problems.email = TEXTS.emailInvalid;
  if (fields.message.trim() === '') problems.message = TEXTS.messageEmpty;
  else if (fields.message.length > BOT_LIMITS.helpMessage) problems.message = TEXTS.messageTooLong;
  return problems;
}
