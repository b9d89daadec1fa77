import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import { type AddPasskeyRequest, PASSKEY_MESSAGES, type Passkey, type PasskeyOptions, type PasskeySignInRequest } from '@steward/contract/passkeys';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditActor, actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { forgiveRate, limitRate } from './account-rate-limits.ts';
import { claimSecondFactorAttempt } from './login-throttle.ts';
import { authenticationOptions, PasskeyRefused, passkeysSupported, type RefusalReason, registrationOptions, verifyAuthentication, verifyRegistration } from './passkey-ceremony.ts';
import {
  deletePasskey,
  findOwnPasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  type PasskeyRecord,
  recordPasskeyUse,
  renamePasskey,
} from './passkeys.repository.ts';
import { confirmItIsTheMember, type OwnerProof } from './second-factor.actions.ts';
import { readSignInPolicy } from './second-factors.repository.ts';
import { startSession } from './start-session.ts';
import { findUserById, type UserRecord } from './users.repository.ts';

/**
 * A member's passkeys: adding (several, each named), renaming, removing (after their password or a code), and
 * signing in with one, after the password or without it. Adding one, and signing in without a password, need the
 * policy (Sign-in security) to offer or require second factors; a passkey already added keeps working whatever it
 * is, as a TOTP does. Refusals are audited with a reason, never with the challenge or the library's words.
 */

type Member = Pick<UserRecord, 'id' | 'name' | 'email'>;
type PasskeyConfig = Pick<Config, 'publicUrl' | 'assistantName'>;

const userObject = (user: Member) => ({ type: 'user' as const, id: user.id, label: user.name });

export const presentPasskey = (passkey: PasskeyRecord): Passkey => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
  synced: passkey.backedUp,
});

/** 403 unless the policy offers passkeys (it is not off) and PUBLIC_URL allows them. */
export async function assertPasskeysOffered(db: Db, config: Pick<Config, 'publicUrl'>): Promise<void> {
  if (!passkeysSupported(config)) throw new HttpError(403, PASSKEY_MESSAGES.unsupported);
  if ((await readSignInPolicy(db)) === 'off') throw new HttpError(403, PASSKEY_MESSAGES.notOffered);
}

export const passkeySignInAvailable = async (db: Db, config: Pick<Config, 'publicUrl'>): Promise<boolean> =>
  passkeysSupported(config) && (await readSignInPolicy(db)) !== 'off';

const auditRefusal = (db: Db, actor: AuditActor, user: Member | null, reason: RefusalReason, where: 'add' | 'sign_in' | 'second_factor') =>
  recordAudit(db, actor, { action: 'passkey_refused', ...(user ? { object: userObject(user) } : {}), details: { reason, where } });

/** The answer to a refused ceremony: 400 on the account page, 401 in a sign-in. */
const refused = (status: 400 | 401) => new HttpError(status, PASSKEY_MESSAGES.notVerified, 'none');

export async function ownPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  return (await listPasskeys(db, userId)).map(presentPasskey);
}

export async function startAddingPasskey(db: Db, config: PasskeyConfig, user: Member): Promise<PasskeyOptions> {
  await assertPasskeysOffered(db, config);
  return registrationOptions(db, config, user, await listPasskeys(db, user.id));
}

/**
 * Verifies and keeps the member's new passkey under its name; audited, and so is a refusal (400 on the account page,
 * 401 at sign-in's enrolment step).
 */
export async function addPasskey(db: Db, config: PasskeyConfig, request: FastifyRequest, user: Member, body: AddPasskeyRequest, refusalStatus: 400 | 401 = 400): Promise<Passkey> {
  await assertPasskeysOffered(db, config);
  const actor = actorOf(request, user);
  try {
    const verified = await verifyRegistration(db, config, user.id, body.response);
    return await db.transaction(async (tx) => {
      const saved = await insertPasskey(tx, { userId: user.id, name: body.name, ...verified });
      if (!saved) throw new PasskeyRefused('already_added');
      await recordAudit(tx, actor, { action: 'passkey_added', object: userObject(user), details: { passkey: saved.name, synced: saved.backedUp } });
      return presentPasskey(saved);
    });
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    await auditRefusal(db, actor, user, error.reason, 'add');
    throw error.reason === 'already_added' ? new HttpError(409, PASSKEY_MESSAGES.alreadyAdded) : refused(refusalStatus);
  }
}

export async function renameOwnPasskey(db: Db, request: FastifyRequest, user: Member, passkeyId: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const passkey = await findOwnPasskey(tx, user.id, passkeyId);
    if (!passkey || !(await renamePasskey(tx, user.id, passkeyId, name))) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
    await recordAudit(tx, actorOf(request, user), { action: 'passkey_renamed', object: userObject(user), details: { passkey: name, previous: passkey.name } });
  });
}

/** Removes one of the member's passkeys after their password or a current code, as removing the TOTP asks. */
export async function removeOwnPasskey(
  db: Db,
  config: Pick<Config, 'secretsKey'>,
  request: FastifyRequest,
  user: Member & Pick<UserRecord, 'passwordHash'>,
  passkeyId: number,
  proof: OwnerProof,
): Promise<void> {
  const passkey = await findOwnPasskey(db, user.id, passkeyId);
  if (!passkey) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
  await confirmItIsTheMember(db, config, request, user, proof, 'remove_passkey_with_password');
  await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, user.id, passkeyId))) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
    await recordAudit(tx, actorOf(request, user), { action: 'passkey_removed', object: userObject(user), details: { passkey: passkey.name, proof: proof.code ? 'code' : 'password' } });
  });
}

// ---- signing in ----

export async function startSecondStepWithPasskey(db: Db, config: PasskeyConfig, user: Member): Promise<PasskeyOptions> {
  const passkeys = await listPasskeys(db, user.id);
  if (passkeys.length === 0) throw new HttpError(409, PASSKEY_MESSAGES.notFound, 'none');
  return authenticationOptions(db, config, 'second_factor', { id: user.id, passkeys });
}

/** The second step with one of the member's passkeys, throttled as a code is. Returns once it passed. */
export async function checkSecondStepPasskey(db: Db, config: PasskeyConfig, request: FastifyRequest, user: Member, body: PasskeySignInRequest): Promise<void> {
  const attempt = await claimSecondFactorAttempt(db, user.id);
  const passkey = await findPasskeyByCredentialId(db, body.response.id);
  try {
    if (!passkey || passkey.userId !== user.id) throw new PasskeyRefused('unknown_passkey');
    await recordPasskeyUse(db, passkey.id, await verifyAuthentication(db, config, 'second_factor', user.id, passkey, body.response));
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    await auditRefusal(db, actorOf(request, user), user, error.reason, 'second_factor');
    throw refused(401);
  }
  await attempt.succeeded();
}

export async function startPasskeySignIn(db: Db, config: PasskeyConfig, request: FastifyRequest): Promise<PasskeyOptions> {
  await assertPasskeysOffered(db, config);
  await limitRate(db, 'passkeyOptionsPerAddress', rateLimitAddress(request.ip));
  return authenticationOptions(db, config, 'sign_in', null);
}

/**
 * Signs in with a passkey and no password: the credential names its member, the authenticator verified the user
 * (their PIN or fingerprint), so this is itself two factors and no second step follows. Failures count per address.
 */
export async function signInWithPasskey(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasskeySignInRequest,
): Promise<CurrentUser> {
  await assertPasskeysOffered(db, config);
  const address = rateLimitAddress(request.ip);
  await limitRate(db, 'passkeySignInPerAddress', address, 'none');
  const passkey = await findPasskeyByCredentialId(db, body.response.id);
  const user = passkey ? await findUserById(db, passkey.userId) : undefined;
  try {
    if (!passkey || !user) throw new PasskeyRefused('unknown_passkey');
    await recordPasskeyUse(db, passkey.id, await verifyAuthentication(db, config, 'sign_in', null, passkey, body.response));
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    await auditRefusal(db, actorOf(request, user ?? null), user ?? null, error.reason, 'sign_in');
    throw refused(401);
  }
  await forgiveRate(db, 'passkeySignInPerAddress', address);
  return startSession(db, config, request, reply, user, 'passkey');
}
