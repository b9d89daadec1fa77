import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from './email-address.ts';
import { mailDeliveryFields } from './mail-delivery.ts';
import { cleanLabel } from './text-safety.ts';

/**
 * Mail to visitors (issue 58, Bot Settings): the name a mail to a visitor comes from (a reply to their help request)
 * and the address their answer goes to. Staff mails keep MAIL_FROM as it is. One bot_settings row, `visitorMail`.
 */
export const VISITOR_MAIL_LIMITS = { senderName: 80 } as const;

export const VISITOR_MAIL_MESSAGES = {
  saved: 'You have successfully saved the mail to visitors.',
  senderNameTooLong: `The sender name is at most ${VISITOR_MAIL_LIMITS.senderName} characters long.`,
  replyToInvalid: 'Please enter one email address such as support@example.com, or leave it empty.',
} as const;

/** One address, nothing a mail header could read as a second one or a display name. */
const SINGLE_ADDRESS = /^[^\s@,;:<>"()[\]\\]+@[^\s@,;:<>"()[\]\\]+\.[^\s@,;:<>"()[\]\\]+$/;

export const visitorMailSettings = z.strictObject({
  /** Empty: the chat widget's title (what the visitor saw). */
  sender_name: z
    .string({ error: VISITOR_MAIL_MESSAGES.senderNameTooLong })
    .overwrite(cleanLabel)
    .trim()
    .max(VISITOR_MAIL_LIMITS.senderName, VISITOR_MAIL_MESSAGES.senderNameTooLong),
  /** Empty: no Reply-To, so an answer goes to MAIL_FROM's address. */
  reply_to: z
    .string({ error: VISITOR_MAIL_MESSAGES.replyToInvalid })
    .trim()
    .max(MAX_EMAIL_LENGTH, VISITOR_MAIL_MESSAGES.replyToInvalid)
    .refine((value) => value === '' || SINGLE_ADDRESS.test(value), VISITOR_MAIL_MESSAGES.replyToInvalid),
});
export type VisitorMailSettings = z.infer<typeof visitorMailSettings>;

/** POST /api/visitor-mail (update_bot_settings). */
export const saveVisitorMailRequest = z.strictObject({ visitor_mail: visitorMailSettings });
export type SaveVisitorMailRequest = z.infer<typeof saveVisitorMailRequest>;

/**
 * GET /api/visitor-mail (login): what is saved; the name used while `sender_name` is empty; the address mails come
 * from (MAIL_FROM's); and how the server sends mail.
 */
export const visitorMailRow = z.object({
  sender_name: z.string(),
  reply_to: z.string(),
  default_sender_name: z.string(),
  from_address: z.string(),
  ...mailDeliveryFields,
});
export type VisitorMailRow = z.infer<typeof visitorMailRow>;

/** The name and address a visitor's mail carries. */
export const visitorSenderName = (row: Pick<VisitorMailRow, 'sender_name' | 'default_sender_name'>): string => row.sender_name || row.default_sender_name;

export const VISITOR_MAIL_TEXTS = {
  /** Under the reply form: who the mail is from, and where an answer goes. */
  from: (row: VisitorMailRow) =>
    `Mailed from “${visitorSenderName(row)}” <${row.from_address}>. ${row.reply_to ? `The visitor's answer goes to ${row.reply_to}.` : `No reply-to address is set (Bot Settings, Mail to visitors), so the visitor's answer goes to ${row.from_address}.`}`,
} as const;
