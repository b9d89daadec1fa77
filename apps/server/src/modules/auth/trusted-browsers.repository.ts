import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { hashSecret, looksLikeSecret, newSecret } from '../../lib/secrets.ts';

/** With LOGIN_EMAIL_CHECK, a browser verified by a sign-in link skips the mail for this long. */
export const TRUSTED_BROWSER_DAYS = 30;
export const BROWSER_COOKIE = 'steward_browser';

/** The browser's own random id (a cookie), or undefined when it has none yet. */
export function browserIdOf(request: FastifyRequest): string | undefined {
  const id = request.cookies[BROWSER_COOKIE];
  return id && looksLikeSecret(id) ? id : undefined;
}

export async function isTrustedBrowser(db: Db, userId: number, browserId: string | undefined): Promise<boolean> {
  if (!browserId) return false;
  const rows = await sqlRows<{ user_id: number }>(db, sql`
    SELECT user_id FROM trusted_browsers
    WHERE user_id = ${userId} AND browser_hash = ${hashSecret(browserId)}
      AND verified_at > now() - make_interval(days => ${TRUSTED_BROWSER_DAYS})`);
  return rows.length > 0;
}

/** Remembers this browser as verified for the user (now), giving it an id cookie if it has none. */
export async function trustBrowser(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number, secure: boolean): Promise<void> {
  const browserId = browserIdOf(request) ?? newSecret();
  await db.execute(sql`
    INSERT INTO trusted_browsers (user_id, browser_hash, verified_at) VALUES (${userId}, ${hashSecret(browserId)}, now())
    ON CONFLICT (user_id, browser_hash) DO UPDATE SET verified_at = now()`);
  reply.setCookie(BROWSER_COOKIE, browserId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 365 * 24 * 60 * 60,
  });
}
