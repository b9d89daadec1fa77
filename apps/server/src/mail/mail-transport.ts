import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { MailMessage } from './mail-message.ts';
import { redactSecrets } from '../lib/log-redaction.ts';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in
 * DATA_DIR/outbox and its links are logged, so one machine works with no mail server.
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
  const outbox = path.join(config.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await composer.sendMail({ from: config.mailFrom, ...message });
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR/outbox, set by the operator
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`);
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- a name the server makes (time and random hex) inside DATA_DIR/outbox
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // The mail's keys stay in its file: the log is read by more people than may sign in.
      const shown = links.map(redactSecrets);
      log.info({ to: message.to, subject: message.subject, file, links: shown }, `Mail written to the outbox (no SMTP_URL): ${message.subject} ${shown.join(' ')}`);
    },
  };
}
