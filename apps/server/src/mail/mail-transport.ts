import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { MailMessage } from './mail-message.ts';
import { redactSecrets } from '../lib/log-redaction.ts';
import { outboxFolder } from './outbox.ts';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox (the server's user's
 * alone: 0700, 0600), so one machine works with no mail server. The log says which file, and the links to the
 * dashboard the mail holds, without their keys or query: never a recipient, a subject or a visitor's text, which
 * may be a visitor's address, name or message (issue 52).
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (message) => {
        await transporter.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = outboxFolder(config.dataDir);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await composer.sendMail({ from: config.mailFrom, ...message });
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR/outbox, set by the operator
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`);
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- a name the server makes (time and random hex) inside DATA_DIR/outbox
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = dashboardLinks(message.text, config.publicUrl);
      log.info({ file, links }, `Mail written to the outbox (no SMTP_URL): ${path.basename(file)}${links.length > 0 ? ` ${links.join(' ')}` : ''}`);
    },
  };
}

/**
 * The links to the dashboard a mail holds, as the log may show them: the path only (no query: a sign-in link
 * carries the email), its keys redacted (the log is read by more people than may sign in; the file holds them).
 * Links elsewhere (a visitor's page, one they typed) are not shown.
 */
export function dashboardLinks(text: string, publicUrl: string): string[] {
  const origin = new URL(publicUrl).origin;
  return (text.match(/https?:\/\/\S+/g) ?? [])
    .map((link) => (URL.canParse(link) ? new URL(link) : undefined))
    .filter((url): url is URL => url?.origin === origin)
    .map((url) => redactSecrets(`${url.origin}${url.pathname}`));
}
