import type { FastifyRequest } from 'fastify';
import { SESSION_MESSAGES, type SessionRow } from '@steward/contract/sessions';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import { sessionIdOf } from './session-cookie.ts';
import { describeUserAgent } from './session-device.ts';
import { deleteSessionOfUser, deleteSessionsOfUser, listLiveSessions } from './sessions.repository.ts';

/**
 * Sessions staff can see and end (issue 56, docs/accounts.md#sessions). A session is named by its public id, and
 * ended only together with its owner's id taken from the caller's own session: an id from the client alone ends
 * nothing of anyone else's. Sessions are read from the database on every request, so an ending holds on every
 * instance at the next request.
 */

/** Why all of a member's sessions ended, as the audit entry says. */
export type SessionsEndedReason = 'administrator' | 'password_changed' | 'password_reset' | 'second_factor_reset' | 'user_deleted';

type Member = { id: number; name: string };

const userObject = (user: Member) => ({ type: 'user' as const, id: user.id, label: user.name });

/** The session id_hash the request came with, if any: the one a member's own ending or a password change keeps. */
export function currentSessionOf(request: FastifyRequest): { idHash: string } | undefined {
  const sessionId = sessionIdOf(request);
  return sessionId ? { idHash: hashSecret(sessionId) } : undefined;
}

/** The caller's live sessions as their list shows them, "this session" marked. */
export async function listOwnSessions(db: Db, request: FastifyRequest, userId: number): Promise<SessionRow[]> {
  const current = currentSessionOf(request);
  const live = await listLiveSessions(db, userId);
  return live.map((session) => ({
    id: session.id,
    ...describeUserAgent(session.userAgent),
    ip: session.ip ?? '',
    place: session.place ?? '',
    signed_in_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    sign_in_method: session.signInMethod,
    current: session.idHash === current?.idHash,
  }));
}

/**
 * A member ends one of their own sessions (this one too: then it is a sign-out here). 404 when it is not one of
 * theirs or has ended already. Audited; answers whether it was the session of this request.
 */
export async function endOwnSession(tx: Db, actor: AuditActor, request: FastifyRequest, user: Member, sessionId: number): Promise<{ wasCurrent: boolean }> {
  const endedHash = await deleteSessionOfUser(tx, user.id, sessionId);
  if (!endedHash) throw new HttpError(404, SESSION_MESSAGES.notFound);
  const wasCurrent = endedHash === currentSessionOf(request)?.idHash;
  await recordAudit(tx, actor, { action: 'session_ended', object: userObject(user), details: { by: 'self', session: sessionId, current: wasCurrent } });
  return { wasCurrent };
}

/**
 * Ends every session of a member but the one kept (the caller's own, when the member is the caller), with its
 * audit entry, in the caller's transaction; answers how many live ones ended. An administrator's End all sessions
 * is audited even when none were live; the endings that follow a password or factor change only when one was.
 */
export async function endMemberSessions(
  tx: Db,
  actor: AuditActor,
  member: Member,
  reason: SessionsEndedReason,
  keep?: { idHash: string },
): Promise<number> {
  const ended = await deleteSessionsOfUser(tx, member.id, keep);
  if (ended > 0 || reason === 'administrator') {
    await recordAudit(tx, actor, { action: 'sessions_ended', object: userObject(member), details: { reason, ended } });
  }
  return ended;
}
