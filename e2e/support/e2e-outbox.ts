/**
 * Test-only calls of the e2e server for the staff accounts tests: read the newest mail
 * of an address from DATA_DIR/outbox, and mail a sign-in link on demand. Not part of the product.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import type { Config } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { mailSignInLink } from '../../apps/server/src/modules/accounts/sign-in-link.routes.ts';
import { findUserByEmail } from '../../apps/server/src/modules/users/users.repository.ts';

export interface OutboxMail {
  /** How many mails the address has received so far. */
  count: number;
  subject: string;
  links: string[];
}

export function registerOutboxRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const outbox = path.join(config.dataDir, 'outbox');

  app.get('/__e2e/outbox/latest', { config: { access: 'public' } }, async (request, reply) => {
    const to = String((request.query as { to?: string }).to ?? '').toLowerCase();
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
    const mails: OutboxMail[] = [];
    for (const file of files) {
      const mail = await simpleParser(await fs.readFile(path.join(outbox, file)));
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) => address.value);
      if (!recipients.some((recipient) => recipient.address?.toLowerCase() === to)) continue;
      mails.push({ count: 0, subject: mail.subject ?? '', links: (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [] });
    }
    const latest = mails.at(-1);
    if (!latest) return reply.code(404).send({ count: 0 });
    return { ...latest, count: mails.length };
  });

  app.post('/__e2e/sign-in-link', { config: { access: 'public' } }, async (request, reply) => {
    const user = await findUserByEmail(db, String((request.body as { email?: string } | undefined)?.email ?? ''));
    if (!user) return reply.code(404).send({});
    await mailSignInLink(db, config, user);
    return { success: true };
  });
}
