import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import type { MailDeliveryOutcome } from '@steward/contract/mail-delivery';
import type { Config } from '../config.ts';

/** Where mail goes without SMTP_URL (mail-transport.ts writes it there). */
export const outboxFolder = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'outbox');

/** How mail leaves this server, for the signed-in screens that say a mail went out (never a public answer). */
export const mailDeliveryOf = (config: Pick<Config, 'smtpUrl' | 'dataDir'>): MailDeliveryOutcome =>
  config.smtpUrl ? { delivery: 'smtp' } : { delivery: 'outbox', outbox_folder: outboxFolder(config) };

/** MAIL_FROM's address alone ("Steward <no-reply@example.com>" → "no-reply@example.com"). */
export function mailFromAddress(mailFrom: string): string {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first?.address || mailFrom;
}

/**
 * The sender of a mail to a visitor: the team's name at MAIL_FROM's address. An object, so nodemailer quotes and
 * encodes the name itself (a name with a comma, quotes or accents stays one name in one header).
 */
export const visitorSender = (mailFrom: string, name: string): { name: string; address: string } => ({ name, address: mailFromAddress(mailFrom) });
