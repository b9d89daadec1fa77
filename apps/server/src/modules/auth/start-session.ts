import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessionIdOf, setSessionCookie } from '../../plugins/session.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { createSession, deleteSession, findSessionUser } from './sessions.repository.ts';

/**
 * Signs a user in on this browser: a new session, its cookie, and the current user as
 * login, the sign-in link and a password change answer it. The session id the browser brought
 * (if any) ends here: an id planted in the browser before sign-in never becomes a signed-in one.
 */
export async function startSession(
  db: Db,
  config: Pick<Config, 'secureCookies'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<CurrentUser> {
  const previous = sessionIdOf(request);
  if (previous) await deleteSession(db, previous);
  const session = await createSession(db, { userId, ip: request.ip, userAgent: request.headers['user-agent'] });
  setSessionCookie(reply, session.sessionId, session.expiresAt, config.secureCookies);
  const sessionUser = await findSessionUser(db, session.sessionId);
  if (!sessionUser) throw new Error('A session just created could not be read back.');
  return presentCurrentUser(sessionUser);
}
