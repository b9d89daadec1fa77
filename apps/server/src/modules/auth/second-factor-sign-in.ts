import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import { PASSKEY_MESSAGES } from '@steward/contract/passkeys';
import { SECOND_FACTOR_MESSAGES } from '@steward/contract/second-factor';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type ChallengeRecord, createChallenge, deleteChallenge, findLiveChallenge, hasConfirmedSecondFactor, readSignInPolicy } from './second-factors.repository.ts';
import { countPasskeys } from './passkeys.repository.ts';
import { type SignInMethod, startSession } from './start-session.ts';
import type { SecondFactorKind } from './second-factor.actions.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * Sign-in's second step. A right password (or the mailed link that follows one) of a member with a second factor,
 * or of anyone while administrators require one, gives no session yet: a pending sign-in is kept server-side (10
 * minutes), the browser gets only its random id in an httpOnly cookie scoped to the second step's calls, and login
 * answers 401 (field "none") saying what comes next. The client never says that the password passed.
 */
export const CHALLENGE_COOKIE = 'steward_second_factor';
const CHALLENGE_COOKIE_PATH = '/api/sign-in';

type FirstMethod = ChallengeRecord['firstMethod'];

/** After the first step succeeded: a session, or a pending second step (and its 401). */
export async function finishFirstStep(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRecord, 'id' | 'name' | 'email'>,
  firstMethod: FirstMethod,
): Promise<CurrentUser> {
  const factors = await secondFactorsOf(db, user.id);
  const step = factors.totp || factors.passkey ? 'code' : (await readSignInPolicy(db)) === 'required' ? 'enrol' : undefined;
  if (!step) return startSession(db, config, request, reply, user, firstMethod);
  const previous = request.cookies[CHALLENGE_COOKIE];
  if (previous) await deleteChallenge(db, previous);
  const { challengeId, expiresAt } = await createChallenge(db, { userId: user.id, step, firstMethod });
  reply.setCookie(CHALLENGE_COOKIE, challengeId, { path: CHALLENGE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: config.secureCookies, expires: expiresAt });
  const message = step === 'enrol' ? SECOND_FACTOR_MESSAGES.enrolNeeded : factors.totp ? SECOND_FACTOR_MESSAGES.codeNeeded : PASSKEY_MESSAGES.passkeyNeeded;
  throw new HttpError(401, message, 'none');
}

/** Which second factors the member has: a confirmed TOTP (with its recovery codes), passkeys, both or neither. */
export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkey: boolean }> {
  return { totp: await hasConfirmedSecondFactor(db, userId), passkey: (await countPasskeys(db, userId)) > 0 };
}

/** The browser's pending sign-in, or 401 "Your login has expired". */
export async function pendingSignIn(db: Db, request: FastifyRequest): Promise<ChallengeRecord & { challengeId: string }> {
  const challengeId = request.cookies[CHALLENGE_COOKIE];
  const challenge = challengeId ? await findLiveChallenge(db, challengeId) : undefined;
  if (!challengeId || !challenge) throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired, 'none');
  return { ...challenge, challengeId };
}

/** The second step passed: the pending sign-in ends (once: a second request racing it gets 401) and the session starts. */
export async function completeSignIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: { challengeId: string; firstMethod: FirstMethod },
  user: Pick<UserRecord, 'id' | 'name' | 'email'>,
  kind: SecondFactorKind,
): Promise<CurrentUser> {
  if (!(await deleteChallenge(db, pending.challengeId))) throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired, 'none');
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_COOKIE_PATH });
  const method: SignInMethod = `${pending.firstMethod}_${kind}`;
  return startSession(db, config, request, reply, user, method);
}
