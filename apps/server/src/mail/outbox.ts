import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { mentionsAddress } from '../lib/email-mentions.ts';

/** Where mail goes without SMTP_URL: one .eml file a mail (mail-transport.ts). */
export const outboxFolder = (dataDir: string): string => path.join(dataDir, 'outbox');

/**
 * The outbox mails to or about any of `addresses` (issue 52, an erasure on request): a recipient, or the address
 * whole anywhere in the subject, the text or the HTML, as the mail reads once decoded (quoted-printable, base64,
 * encoded words), never as a part of another address. Answers the files' names; none when there is no outbox.
 */
export async function findOutboxMailsAbout(dataDir: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const folder = outboxFolder(dataDir);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR/outbox, set by the operator
  const names = await fs.readdir(folder).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  const found: string[] = [];
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- a file the server wrote inside DATA_DIR/outbox
    const raw = await fs.readFile(path.join(folder, name));
    if (!mayHoldAddress(raw, addresses)) continue;
    const mail = await simpleParser(raw);
    const recipients = [mail.to, mail.cc].flat().flatMap((list) => list?.value ?? []).map((recipient) => recipient.address ?? '');
    const wanted = new Set(addresses.map((address) => address.toLowerCase()));
    const written = [mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''].join('\n');
    if (recipients.some((address) => wanted.has(address.toLowerCase())) || mentionsAddress(written, addresses)) found.push(name);
  }
  return found;
}

/**
 * Whether a mail's file may hold one of the addresses, read without parsing it (parsing every mail of a large outbox
 * took seconds an erasure): an address never needs quoted-printable's escapes, so it stands in the raw text once its
 * soft line breaks are joined; a mail with a base64 part or an encoded word may hide it, and is parsed.
 */
function mayHoldAddress(raw: Buffer, addresses: readonly string[]): boolean {
  const text = raw.toString('latin1');
  if (/base64|=\?[^?\s]+\?[bq]\?/i.test(text)) return true;
  const joined = text.replace(/=\r?\n/g, '').toLowerCase();
  return addresses.some((address) => joined.includes(address.toLowerCase()));
}

/** Deletes these outbox mails (names from findOutboxMailsAbout); one already gone counts as deleted. */
export async function deleteOutboxMails(dataDir: string, names: readonly string[]): Promise<void> {
  const folder = outboxFolder(dataDir);
  for (const name of names) await fs.rm(path.join(folder, path.basename(name)), { force: true });
}
