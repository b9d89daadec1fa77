import { z } from 'zod';

/**
 * How the server sends mail, for the signed-in screens that say a mail went out (issue 58): through SMTP_URL, or,
 * without it, as a file in the outbox folder of DATA_DIR. Never answered by a public call: the public password
 * pages say what they always say, so they tell a stranger nothing about the server.
 */
export const MAIL_DELIVERIES = ['smtp', 'outbox'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** The fields an answer adds: `delivery`, and with `outbox` the folder the mail was written to. */
export const mailDeliveryFields = {
  delivery: z.enum(MAIL_DELIVERIES),
  outbox_folder: z.string().optional(),
};
export const mailDeliveryOutcome = z.object(mailDeliveryFields);
export type MailDeliveryOutcome = z.infer<typeof mailDeliveryOutcome>;

export const MAIL_DELIVERY_TEXTS = {
  /** `mail`: "the invitation", "the reply". */
  outbox: (mail: string, folder: string) => `No mail server is set up (SMTP_URL), so ${mail} was written to the outbox folder on the server: ${folder}`,
  /** Every mail, as Bot Settings says it. */
  outboxAll: (folder: string) => `No mail server is set up (SMTP_URL): every mail is written to the outbox folder on the server, ${folder}, and nobody receives it.`,
  configure: 'To send mail, set SMTP_URL (smtp://user:password@host:587, or smtps://… for TLS) and restart Steward.',
} as const;
