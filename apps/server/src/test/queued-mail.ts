import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import type { MailMessage } from '../mail/mail-message.ts';

/** The newest mail queued for an address (the job's payload), or undefined. */
export async function latestMailTo(db: Db, to: string): Promise<MailMessage | undefined> {
  const rows = await sqlRows<{ payload: MailMessage }>(db, sql`
    SELECT payload FROM jobs WHERE queue = 'mail' AND payload->>'to' = ${to} ORDER BY id DESC LIMIT 1`);
  return rows[0]?.payload;
}

export async function countMailsTo(db: Db, to: string): Promise<number> {
  const rows = await sqlRows<{ total: number | string }>(db, sql`
    SELECT count(*) AS total FROM jobs WHERE queue = 'mail' AND payload->>'to' = ${to}`);
  return Number(rows[0]?.total ?? 0);
}

/** The key at the end of a mailed link such as …/register/{key}. */
export function keyFromMail(mail: MailMessage | undefined, route: 'register' | 'reset-password'): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No /${route}/ link in the mail: ${mail?.text ?? '(no mail)'}`);
  return match[1];
}
