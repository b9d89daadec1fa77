import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { scaled } from './slowdown.ts';

export interface OutboxMail {
  subject: string;
  links: string[];
  /** The From and Reply-To headers as a mail reader shows them ('"Acme" <no-reply@…>'). */
  from: string;
  replyTo: string;
}

/**
 * Every mail to the address in a server's DATA_DIR/outbox, oldest first. Only files that hold the address are
 * parsed: the outbox grows by a mail or more a test (several hundred by the suite's end), and parsing each on
 * every poll took seconds a poll on a loaded 2-core machine, longer than a mail's wait allows.
 */
export async function mailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const wanted = to.toLowerCase();
  const mails: OutboxMail[] = [];
  const raws = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file))));
  for (const raw of raws) {
    // An address is never folded or encoded in the To header (no spaces, ASCII), so a mail to it holds it as written.
    if (!raw.toString('latin1').toLowerCase().includes(wanted)) continue;
    const mail = await simpleParser(raw);
    const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) => address.value);
    if (!recipients.some((recipient) => recipient.address?.toLowerCase() === wanted)) continue;
    mails.push({ subject: mail.subject ?? '', links: (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [], from: mail.from?.text ?? '', replyTo: mail.replyTo?.text ?? '' });
  }
  return mails;
}

/** Waits for the address's mail number `count` and answers its first link as a path (with its query). */
export async function mailedLink(dataDir: string, to: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(dataDir, to);
        link = mails[count - 1]?.links[0] ?? '';
        return mails.length;
      },
      { timeout: scaled(15_000), message: `mail number ${count} to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  const url = new URL(link);
  return url.pathname + url.search;
}
