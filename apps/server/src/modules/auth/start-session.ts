import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { createSession, findSessionUser } from './sessions.repository.ts';

/** How the person proved who they are, kept in the audit entry. */
export type SignInMethod = 'password' | 'sign_in_link';

/**
 * Signs a user in on this browser: a new session and its audit entry, the cookie, and the
 * current user as login and the sign-in link both answer it.
 */
export async function startSession(
  db: Db,
  config: Pick<Config, 'secureCookies'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; name: string; email: string },
  method: SignInMethod,
): Promise<CurrentUser> {
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, { userId: user.id, ip: request.ip, userAgent: request.headers['user-agent'] });
    await recordAudit(tx, actorOf(request, user), { action: 'sign_in', object: { type: 'user', id: user.id, label: user.name }, details: { method } });
    return created;
  });
  setSessionCookie(reply, session.sessionId, session.expiresAt, config.secureCookies);
  const sessionUser = await findSessionUser(db, session.sessionId);
  if (!sessionUser) throw new Error('A session just created could not be read back.');
  return presentCurrentUser(sessionUser);
}
