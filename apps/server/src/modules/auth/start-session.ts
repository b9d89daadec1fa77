import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { setDeviceCookie } from './device-cookies.ts';
import { sessionIdOf, setSessionCookie } from './session-cookie.ts';
import type { sessions } from '../../db/schema.ts';
import { placeOf } from './session-device.ts';
import { createSession, deleteSession, findSessionUser } from './sessions.repository.ts';

/**
 * How the person proved who they are, kept on the session and in the audit entry: the first step (a password, or
 * the mailed link that follows one) and, when there was one, the second factor.
 */
export type SignInMethod = NonNullable<typeof sessions.$inferSelect.signInMethod>;

/**
 * Signs a user in on this browser: a new session and its audit entry, the cookie, and the
 * current user as login and the sign-in link both answer it.
 */
export async function startSession(
  db: Db,
  config: Pick<Config, 'secureCookies' | 'sessionPlaceHeader'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; name: string; email: string },
  method: SignInMethod,
  /** Keeps something with the new session in its transaction (single sign-on: the ID token, for the provider's logout). */
  onCreated?: (tx: Db, sessionId: string) => Promise<void>,
): Promise<CurrentUser> {
  const session = await db.transaction(async (tx) => {
    const created = await replaceSession(tx, config, request, user.id, method);
    await onCreated?.(tx, created.sessionId);
    await recordAudit(tx, actorOf(request, user), { action: 'sign_in', object: { type: 'user', id: user.id, label: user.name }, details: { method } });
    return created;
  });
  setSessionCookie(reply, session.sessionId, session.expiresAt, config.secureCookies);
  // This browser has now signed in to this account: its later attempts are throttled as its own (login-throttle.ts).
  await setDeviceCookie(db, reply, user.id, config.secureCookies);
  const sessionUser = await findSessionUser(db, session.sessionId);
  if (!sessionUser) throw new Error('A session just created could not be read back.');
  return presentCurrentUser(sessionUser);
}

/** Gives this browser a new session id after a password change (not a sign-in: no audit entry of its own); how it was signed in carries over. */
export async function renewSession(
  db: Db,
  config: Pick<Config, 'secureCookies' | 'sessionPlaceHeader'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const session = await db.transaction((tx) => replaceSession(tx, config, request, userId, null));
  setSessionCookie(reply, session.sessionId, session.expiresAt, config.secureCookies);
}

/**
 * A new session for the user. The session id the browser brought (if any) ends here: an id planted
 * in a browser before sign-in never becomes a signed-in one, and an id known before a password change
 * is dead after it.
 */
async function replaceSession(
  db: Db,
  config: Pick<Config, 'sessionPlaceHeader'>,
  request: FastifyRequest,
  userId: number,
  signInMethod: SignInMethod | null,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const previousId = sessionIdOf(request);
  const previous = previousId ? await deleteSession(db, previousId) : undefined;
  return createSession(db, {
    userId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    signInMethod: signInMethod ?? previous?.signInMethod ?? null,
    place: placeOf(request, config),
  });
}
