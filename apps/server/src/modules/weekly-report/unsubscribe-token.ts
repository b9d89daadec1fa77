import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sharedServerSecret } from '../../lib/server-secrets.ts';

/**
 * The token of a weekly report's unsubscribe link: `<member id>.<HMAC-SHA256>` (base64url), signed with a key of
 * its own kept in the database (server_secrets, the same on every instance) over the purpose and the member's id.
 * It does one thing, stopping that member's weekly report, so it needs no expiry (RFC 8058 asks that the link keep
 * working) and is refused for anything else; a token made for another purpose, or tampered with, does not verify.
 */
const PURPOSE = 'weekly-report-unsubscribe';

const signingKey = (db: Db): Promise<string> => sharedServerSecret(db, PURPOSE);
const signatureOf = (key: string, memberId: number): Buffer => createHmac('sha256', key).update(`${PURPOSE}:${memberId}`).digest();

export async function unsubscribeToken(db: Db, memberId: number): Promise<string> {
  return `${memberId}.${signatureOf(await signingKey(db), memberId).toString('base64url')}`;
}

/** The member a token was signed for, or undefined when it is not a token this server signed. */
export async function memberOfUnsubscribeToken(db: Db, token: string): Promise<number | undefined> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const memberId = Number(match[1]);
  // Compared as the characters signed, not as the bytes they decode to: the last of 43 characters has two bits
  // no byte uses, so a neighbour in the alphabet would decode the same.
  const presented = Buffer.from(match[2]);
  const expected = Buffer.from(signatureOf(await signingKey(db), memberId).toString('base64url'));
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? memberId : undefined;
}
