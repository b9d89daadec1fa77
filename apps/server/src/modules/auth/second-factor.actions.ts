import type { FastifyRequest } from 'fastify';
import { SECOND_FACTOR_MESSAGES, type SecondFactorEnrolment, type SecondFactorPolicy, type SecondFactorStatus } from '@steward/contract/second-factor';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { secondFactorResetMail } from '../../mail/account-mails.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { type AuditActor, actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { claimSecondFactorAttempt } from './login-throttle.ts';
import { passkeysSupported } from './passkey-ceremony.ts';
import { countPasskeys, deleteAllPasskeys } from './passkeys.repository.ts';
import { hashNewRecoveryCodes, hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { seedPurpose, seedSealer } from './second-factor-seal.ts';
import { endMemberSessions } from './sessions.actions.ts';
import {
  claimTimeStep,
  confirmSecondFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  readSignInPolicy,
  replaceRecoveryCodes,
  saveSignInPolicy,
  saveUnconfirmedSeed,
  useRecoveryCode,
} from './second-factors.repository.ts';
import { manualKey, matchingTimeStep, newTotpSeed, otpauthUri, qrCodeSvg } from './totp.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * A member's second factor: setting it up, checking a code, removing it, new recovery codes, an administrator's
 * reset and requirement. Seeds, codes and recovery codes never reach a log, an audit entry or an answer, except the
 * seed and the recovery codes in the one answer that hands them to the member.
 */

type Member = Pick<UserRecord, 'id' | 'name' | 'email'>;
type SealConfig = Pick<Config, 'secretsKey'>;

/** How a member proved the second factor. */
export type SecondFactorKind = 'totp' | 'recovery_code' | 'passkey';

const userObject = (user: Member) => ({ type: 'user' as const, id: user.id, label: user.name });

/** What a refused code is answered: 401 in a sign-in, 400 on the account page; always under the code field. */
const refused = (status: 400 | 401) => new HttpError(status, SECOND_FACTOR_MESSAGES.codeInvalid, 'code');

async function openSeed(db: Db, config: SealConfig, userId: number, sealedSeed: string): Promise<string> {
  return (await seedSealer(db, config.secretsKey)).open(sealedSeed, seedPurpose(userId));
}

export async function secondFactorStatus(db: Db, config: Pick<Config, 'publicUrl'>, userId: number): Promise<SecondFactorStatus> {
  const factor = await findSecondFactor(db, userId);
  const confirmedAt = factor?.confirmedAt ?? null;
  const policy = await readSignInPolicy(db);
  const passkeys = await countPasskeys(db, userId);
  return {
    enrolled: confirmedAt !== null,
    enrolled_at: confirmedAt?.toISOString() ?? null,
    recovery_codes_left: confirmedAt ? await countUnusedRecoveryCodes(db, userId) : 0,
    policy,
    available: policy !== 'off' || confirmedAt !== null || passkeys > 0,
    passkeys,
    passkeys_supported: passkeysSupported(config),
  };
}

/** Setting one up from the account page needs the policy to offer (or require) it: 403 while it is off. */
export async function assertSecondFactorOffered(db: Db): Promise<void> {
  if ((await readSignInPolicy(db)) === 'off') throw new HttpError(403, SECOND_FACTOR_MESSAGES.notOffered);
}

/** Starts setting up a factor: a new seed, sealed and unconfirmed, handed to the member this once. 409 with one already confirmed. */
export async function startEnrolment(db: Db, config: SealConfig & Pick<Config, 'assistantName'>, user: Member): Promise<SecondFactorEnrolment> {
  const seed = newTotpSeed();
  const sealed = (await seedSealer(db, config.secretsKey)).seal(seed, seedPurpose(user.id));
  if (!(await saveUnconfirmedSeed(db, user.id, sealed))) throw new HttpError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const uri = otpauthUri(seed, user.email, `${config.assistantName} Owner Dashboard`);
  return { manual_key: manualKey(seed), otpauth_uri: uri, qr_svg: await qrCodeSvg(uri) };
}

/**
 * Confirms the factor being set up with a current code, and gives the member their recovery codes (shown once,
 * kept hashed). The code's step counts as used. Audited; a wrong code is audited as refused.
 */
export async function confirmEnrolment(db: Db, config: SealConfig, request: FastifyRequest, user: Member, typed: string, status: 400 | 401): Promise<string[]> {
  const factor = await findSecondFactor(db, user.id);
  if (!factor) throw new HttpError(400, SECOND_FACTOR_MESSAGES.noEnrolmentStarted, 'code');
  if (factor.confirmedAt) throw new HttpError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const attempt = await claimSecondFactorAttempt(db, user.id);
  const step = matchingTimeStep(await openSeed(db, config, user.id, factor.sealedSeed), typed);
  if (step === undefined || !(await claimTimeStep(db, user.id, step))) {
    await auditRefusedCode(db, actorOf(request, user), user, step === undefined ? 'wrong_or_expired' : 'reused', 'enrolment');
    throw refused(status);
  }
  await attempt.succeeded();
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await confirmSecondFactor(tx, user.id);
    await replaceRecoveryCodes(tx, user.id, hashNewRecoveryCodes(codes));
    await recordAudit(tx, actorOf(request, user), { action: 'second_factor_enrolled', object: userObject(user) });
  });
  return codes;
}

/**
 * Checks a code of a member's confirmed factor: a six-digit code of the current step or one either side, never a
 * step already used, or an unused recovery code (spent here). Throttled as a password is (login-throttle.ts); a
 * refused code and a recovery code used are audited (without the code).
 */
export async function checkSecondFactorCode(
  db: Db,
  config: SealConfig,
  request: FastifyRequest,
  user: Member,
  typed: string,
  context: { where: 'sign_in' | 'account'; status: 400 | 401 },
): Promise<SecondFactorKind> {
  const factor = await findSecondFactor(db, user.id);
  if (!factor?.confirmedAt) throw new HttpError(400, SECOND_FACTOR_MESSAGES.notEnrolled, 'code');
  const attempt = await claimSecondFactorAttempt(db, user.id);
  const actor = actorOf(request, user);
  const step = matchingTimeStep(await openSeed(db, config, user.id, factor.sealedSeed), typed);
  if (step !== undefined && (await claimTimeStep(db, user.id, step))) {
    await attempt.succeeded();
    return 'totp';
  }
  const codeHash = step === undefined ? hashRecoveryCode(typed) : undefined;
  if (codeHash && (await useRecoveryCode(db, user.id, codeHash))) {
    await attempt.succeeded();
    await recordAudit(db, actor, { action: 'recovery_code_used', object: userObject(user), details: { where: context.where, left: await countUnusedRecoveryCodes(db, user.id) } });
    return 'recovery_code';
  }
  await auditRefusedCode(db, actor, user, step === undefined ? 'wrong_or_expired' : 'reused', context.where);
  throw refused(context.status);
}

const auditRefusedCode = (db: Db, actor: AuditActor, user: Member, reason: 'wrong_or_expired' | 'reused', where: string) =>
  recordAudit(db, actor, { action: 'second_factor_code_refused', object: userObject(user), details: { reason, where } });

type ProvingMember = Pick<UserRecord, 'id' | 'name' | 'email' | 'passwordHash'>;
/** What removing a factor asks for: the account's password or a current code. */
export type OwnerProof = { password?: string | undefined; code?: string | undefined };

/**
 * The signed-in member proves it is them again before removing a factor (a TOTP or a passkey): their password or
 * a current code (which needs a TOTP), throttled as a code is.
 */
export async function confirmItIsTheMember(db: Db, config: SealConfig, request: FastifyRequest, user: ProvingMember, proof: OwnerProof, where: string): Promise<void> {
  if (proof.code) {
    await checkSecondFactorCode(db, config, request, user, proof.code, { where: 'account', status: 400 });
    return;
  }
  // The same throttle as a code: a stolen session cannot try passwords here faster than codes.
  const attempt = await claimSecondFactorAttempt(db, user.id);
  if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
    await auditRefusedCode(db, actorOf(request, user), user, 'wrong_or_expired', where);
    throw new HttpError(400, 'The password you entered is incorrect.', 'password');
  }
  await attempt.succeeded();
}

/** Removes the member's own factor, after their password or a current code. */
export async function removeOwnSecondFactor(db: Db, config: SealConfig, request: FastifyRequest, user: ProvingMember, proof: OwnerProof): Promise<void> {
  const factor = await findSecondFactor(db, user.id);
  if (!factor?.confirmedAt) throw new HttpError(409, SECOND_FACTOR_MESSAGES.notEnrolled);
  await confirmItIsTheMember(db, config, request, user, proof, 'remove_with_password');
  await db.transaction(async (tx) => {
    await deleteSecondFactor(tx, user.id);
    await recordAudit(tx, actorOf(request, user), { action: 'second_factor_removed', object: userObject(user), details: { proof: proof.code ? 'code' : 'password' } });
  });
}

/** New recovery codes for the member (after a current code): the earlier ones stop working. */
export async function renewRecoveryCodes(db: Db, config: SealConfig, request: FastifyRequest, user: Member, typed: string): Promise<string[]> {
  await checkSecondFactorCode(db, config, request, user, typed, { where: 'account', status: 400 });
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, hashNewRecoveryCodes(codes));
    await recordAudit(tx, actorOf(request, user), { action: 'recovery_codes_renewed', object: userObject(user) });
  });
  return codes;
}

/**
 * An administrator resets another member's factors (a lost phone): the TOTP and its recovery codes and every passkey
 * go, the member's sessions end (but the caller's own, `keep`, when they reset their own), the member is mailed, and
 * it is audited, in the caller's transaction. 409 when the member has none.
 */
export async function resetSecondFactor(
  tx: Db,
  config: Pick<Config, 'assistantName' | 'publicUrl'>,
  actor: AuditActor & { name: string },
  member: Member,
  keep?: { idHash: string },
): Promise<void> {
  const hadTotp = await deleteSecondFactor(tx, member.id);
  const passkeys = await deleteAllPasskeys(tx, member.id);
  if (!hadTotp && passkeys === 0) throw new HttpError(409, SECOND_FACTOR_MESSAGES.memberNotEnrolled);
  await recordAudit(tx, actor, { action: 'second_factor_reset', object: userObject(member), ...(passkeys > 0 ? { details: { passkeys } } : {}) });
  // Whoever holds the lost phone may hold a signed-in session too.
  await endMemberSessions(tx, actor, member, 'second_factor_reset', keep);
  await enqueueMail(tx, secondFactorResetMail({ to: member.email, name: member.name, assistantName: config.assistantName, link: `${config.publicUrl}/user-accounts/${member.id}`, resetBy: actor.name }));
}

/** Sets the second factor's policy (off, offered, required); audited when it changes. */
export async function setSecondFactorPolicy(tx: Db, actor: AuditActor, policy: SecondFactorPolicy): Promise<void> {
  const previous = await readSignInPolicy(tx);
  if (previous === policy) return;
  await saveSignInPolicy(tx, policy);
  await recordAudit(tx, actor, { action: 'second_factor_policy_changed', details: { second_factor: policy, previous } });
}
