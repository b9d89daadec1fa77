import {
  EMAIL_TAKEN,
  INVALID_INVITATION,
  INVALID_RESET_LINK,
  INVITATION_EXPIRED,
  INVITATION_USED,
  RESET_LINK_EXPIRED,
  RESET_LINK_USED,
} from '@steward/contract/accounts';
import { type CurrentUser, LOGIN_MESSAGES, SIGN_IN_LINK_SENT } from '@steward/contract/auth';
import { SSO_MESSAGES } from '@steward/contract/single-sign-on';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { type AuditActor, anonymousActor, recordAudit } from '../audit-log/record-audit.ts';
import { ACCOUNT_RATE_LIMITS, countRate, limitRate } from './account-rate-limits.ts';
import { consumeAccountToken } from './account-tokens.repository.ts';
import { deviceOf } from './device-cookies.ts';
import { countFailedSignIn } from './login-alert.ts';
import { claimLoginAttempt } from './login-throttle.ts';
import { PASSWORD_RESET_QUEUE } from './password-reset-request.ts';
import { deleteSession } from './sessions.repository.ts';
import { endMemberSessions } from './sessions.actions.ts';
import { mailSignInLink } from './sign-in-link.ts';
import { passwordAllowed, refuseUnlessPasswordAllowed, ssoOnlyError } from './sso-only.ts';
import { finishFirstStep } from './second-factor-sign-in.ts';
import { browserIdOf, isTrustedBrowser } from './trusted-browsers.repository.ts';
import { createUser, findUserByEmail, findUserById, normaliseEmail, savePassword } from './users.repository.ts';

/** The person an invitation or reset key names, as the actor of what the key does, from where it was sent. */
const actorFrom = (user: { id: number; name: string; email: string }, ip: string): AuditActor => ({ id: user.id, name: user.name, email: user.email, ip });

/**
 * Signs in with a password (POST /api/login) and answers the user as login answers it. The attempt is claimed
 * against the throttles before the password is checked; a failure is audited and counted toward the account's
 * alert; under LOGIN_EMAIL_CHECK a browser not verified lately is mailed a sign-in link instead of a session; a
 * second factor is asked for after that (second-factor-sign-in.ts).
 * Not in a caller's transaction: the check takes argon2's time, and a failure's entry and count stay though the
 * call fails.
 */
export async function signIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
): Promise<CurrentUser> {
  const email = normaliseEmail(credentials.email);
  const user = await findUserByEmail(db, email);
  // Claimed before the password is checked: a throttled pair, device or address gets a 429 and no check.
  const attempt = await claimLoginAttempt(db, { email, ip: request.ip, device: user ? await deviceOf(db, request, user.id) : undefined });
  const passwordMatches = user ? await verifyPassword(user.passwordHash, credentials.password) : (await burnPasswordCheck(credentials.password), false);
  // One message, in one place, for an unknown email and a wrong password: no account enumeration.
  if (!user || !passwordMatches) {
    await recordAudit(db, anonymousActor(request, email), {
      action: 'sign_in_failed',
      ...(user ? { object: { type: 'user' as const, id: user.id, label: user.name } } : {}),
      details: { reason: user ? 'wrong_password' : 'unknown_email' },
    });
    await countFailedSignIn(db, config, request, email, user);
    throw new HttpError(401, LOGIN_MESSAGES.wrongCredentials, 'none');
  }
  await attempt.succeeded();
  // Single sign-on is the only way in (Sign-in security): the right password of anyone but a break-glass administrator is refused.
  if (!(await passwordAllowed(db, config, user.id))) {
    await recordAudit(db, anonymousActor(request, email), { action: 'sign_in_failed', object: { type: 'user', id: user.id, label: user.name }, details: { reason: 'sso_only' } });
    throw ssoOnlyError(config);
  }
  // LOGIN_EMAIL_CHECK: a browser not verified lately gets a mailed sign-in link instead of a session.
  if (config.loginEmailCheck && !(await isTrustedBrowser(db, user.id, browserIdOf(request)))) {
    await mailSignInLink(db, config, user);
    throw new HttpError(401, SIGN_IN_LINK_SENT, 'none');
  }
  // A member with a second factor (or anyone, while administrators require one) has a second step to pass first.
  return finishFirstStep(db, config, request, reply, user, 'password');
}

/** Ends the session the browser brought (GET /api/logout), in the caller's transaction; only a live one's end (`user`) is audited. */
export async function signOut(tx: Db, actor: AuditActor, sessionId: string, user: { id: number; name: string } | null): Promise<void> {
  await deleteSession(tx, sessionId);
  if (user) await recordAudit(tx, actor, { action: 'sign_out', object: { type: 'user', id: user.id, label: user.name } });
}

/**
 * Asks for a reset mail (POST /api/send-password-reset-email). A browser that has signed in to the account asks on
 * a quota of its own, so a stranger asking for the same email cannot use up the owner's mails; anyone else is
 * counted per address and per email. The mail is made later, in a job (password-reset-request.ts), so the answer
 * is the same whether or not the account exists: no account enumeration (the lookup is one indexed read either way).
 */
export async function requestPasswordReset(db: Db, request: FastifyRequest, typedEmail: string): Promise<void> {
  const email = normaliseEmail(typedEmail);
  const address = rateLimitAddress(request.ip);
  const user = await findUserByEmail(db, email);
  const device = user ? await deviceOf(db, request, user.id) : undefined;
  // As the sign-in throttle: a browser that has signed in to the account asks on a quota of its own; anyone else
  // is counted per address and per (email, address), never refused per email alone, so strangers asking for the
  // same email from many addresses cannot use up the owner's mails (issue 52). The email's own count only warns.
  if (device) {
    await limitRate(db, 'resetMailPerDevice', device.nonce, 'email');
  } else {
    await limitRate(db, 'resetMailPerAddress', address, 'email');
    await limitRate(db, 'resetMailPerEmailAndAddress', `${email}:${address}`, 'email');
    const forEmail = await countRate(db, 'resetMailPerEmail', email);
    if (user && forEmail.hits === ACCOUNT_RATE_LIMITS.resetMailPerEmail.limit + 1) {
      request.log.warn({ userId: user.id }, 'Many password reset mails were asked for one account from different addresses within an hour: someone may be flooding its mailbox.');
    }
  }
  await enqueueJob(db, PASSWORD_RESET_QUEUE, { email });
}

/** Counts an invitation against its inviter's quota (ACCOUNT_RATE_LIMITS.addUserPerUser); past it, 429. Before the invitation's transaction. */
export const limitInvitations = (db: Db, inviterId: number): Promise<void> => limitRate(db, 'addUserPerUser', inviterId);

/**
 * Accepts an invitation with a chosen password (POST /api/register): the key is spent, the account created and
 * audited, in the caller's transaction. The email, name and role come from the invitation, never from the request.
 */
export async function registerAccount(tx: Db, config: Pick<Config, 'oidc'>, ip: string, key: string, passwordHash: string): Promise<void> {
  // While single sign-on is the only way in, the invitee signs in with it instead (the invitation is spent then).
  if (!(await passwordAllowed(tx, config, undefined))) throw new HttpError(403, SSO_MESSAGES.invitationUsesSso(config.oidc?.providerName ?? 'SSO'), 'none');
  const result = await consumeAccountToken(tx, 'invitation', key);
  if (!result.ok) {
    if (result.reason === 'used') throw new HttpError(410, INVITATION_USED);
    if (result.reason === 'expired') throw new HttpError(410, INVITATION_EXPIRED);
    throw new HttpError(400, INVALID_INVITATION);
  }
  const { email, name, role } = result.token;
  if (!role) throw new HttpError(400, INVALID_INVITATION);
  if (await findUserByEmail(tx, email)) throw new HttpError(409, EMAIL_TAKEN);
  const user = await createUser(tx, { email, name: name ?? email, role, passwordHash });
  await recordAudit(tx, actorFrom(user, ip), { action: 'user_registered', object: { type: 'user', id: user.id, label: user.name }, details: { role } });
}

/**
 * A new password from a reset link (POST /api/reset-password): the key is spent, the password saved, every
 * session of the account ended (whoever knew the old password is signed out everywhere), and it is audited.
 */
export async function resetPassword(tx: Db, config: Pick<Config, 'oidc'>, ip: string, token: string, passwordHash: string): Promise<void> {
  const result = await consumeAccountToken(tx, 'password_reset', token);
  if (!result.ok) {
    if (result.reason === 'used') throw new HttpError(410, RESET_LINK_USED);
    if (result.reason === 'expired') throw new HttpError(410, RESET_LINK_EXPIRED);
    throw new HttpError(400, INVALID_RESET_LINK);
  }
  const user = result.token.userId === null ? undefined : await findUserById(tx, result.token.userId);
  if (!user) throw new HttpError(400, INVALID_RESET_LINK);
  // Refused (the key given back by the rollback) while single sign-on is the only way in, but to break-glass administrators.
  await refuseUnlessPasswordAllowed(tx, config, user.id);
  await savePassword(tx, user.id, passwordHash);
  const actor = actorFrom(user, ip);
  await recordAudit(tx, actor, { action: 'password_reset', object: { type: 'user', id: user.id, label: user.name } });
  await endMemberSessions(tx, actor, user, 'password_reset');
}

/**
 * A signed-in member's new password: saved, every other session ended, audited. The session of the change (`keep`)
 * goes on under a new id (renewSession), so an id known before the change is dead after it.
 */
export async function changePassword(tx: Db, actor: AuditActor, user: { id: number; name: string }, passwordHash: string, keep: { idHash: string } | undefined): Promise<void> {
  await savePassword(tx, user.id, passwordHash);
  await recordAudit(tx, actor, { action: 'password_changed', object: { type: 'user', id: user.id, label: user.name } });
  await endMemberSessions(tx, actor, user, 'password_changed', keep);
}
