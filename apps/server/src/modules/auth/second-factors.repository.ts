import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { MEMBER_LIST_PAGE_SIZE, type MemberListQuery } from '@steward/contract/member-lists';
import type { SecondFactorPolicy } from '@steward/contract/second-factor';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, secondFactorChallenges, secondFactors, signInPolicy } from '../../db/schema.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { memberMatches } from './member-search.ts';

/** The rows of a member's second factor: the sealed seed, its recovery codes, pending sign-ins and the policy. */

export type SecondFactorRecord = typeof secondFactors.$inferSelect;
export type ChallengeRecord = typeof secondFactorChallenges.$inferSelect;

export async function findSecondFactor(db: Db, userId: number): Promise<SecondFactorRecord | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row;
}

export const hasConfirmedSecondFactor = async (db: Db, userId: number): Promise<boolean> =>
  Boolean((await findSecondFactor(db, userId))?.confirmedAt);

/** Starts (or starts again) an enrolment: a new sealed seed, not yet confirmed. Never replaces a confirmed factor. */
export async function saveUnconfirmedSeed(db: Db, userId: number, sealedSeed: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, sealedSeed })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { sealedSeed, createdAt: sql`now()`, lastUsedStep: null }, setWhere: isNull(secondFactors.confirmedAt) })
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/**
 * Accepts a code's time step once: true when it is later than the last step accepted (and records it), false for a
 * step already used or older. One statement, so two requests with the same code cannot both pass.
 */
export async function claimTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(secondFactors.userId, userId), or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step))))
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

export async function confirmSecondFactor(db: Db, userId: number): Promise<void> {
  await db.update(secondFactors).set({ confirmedAt: sql`now()` }).where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)));
}

/** Removes the factor and its recovery codes; true when there was one. */
export async function deleteSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** The member's recovery codes become these (hashes only); the earlier ones stop working. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code of the member: true once, false ever after (one statement, so never twice). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.value ?? 0);
}

// ---- pending sign-ins ----

/** A pending sign-in lasts this long: time to open an app and type a code, or to set one up. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** A pending second step for the member; the browser is given the returned id, only its hash is kept. */
export async function createChallenge(
  db: Db,
  input: { userId: number; step: ChallengeRecord['step']; firstMethod: ChallengeRecord['firstMethod'] },
): Promise<{ challengeId: string; expiresAt: Date }> {
  const challengeId = newSecret();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // Pending sign-ins past their time are of no use to anyone.
  await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`));
  await db.insert(secondFactorChallenges).values({ idHash: hashSecret(challengeId), ...input, expiresAt });
  return { challengeId, expiresAt };
}

export async function findLiveChallenge(db: Db, challengeId: string): Promise<ChallengeRecord | undefined> {
  const [row] = await db
    .select()
    .from(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.idHash, hashSecret(challengeId)), gt(secondFactorChallenges.expiresAt, sql`now()`)));
  return row;
}

/** Ends a pending sign-in (it succeeded, or the browser signs in again); true when it was still there. */
export async function deleteChallenge(db: Db, challengeId: string): Promise<boolean> {
  const rows = await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.idHash, hashSecret(challengeId))).returning({ userId: secondFactorChallenges.userId });
  return rows.length === 1;
}

// ---- the policy ----

export async function readSignInPolicy(db: Db): Promise<SecondFactorPolicy> {
  const [row] = await db.select({ secondFactor: signInPolicy.secondFactor }).from(signInPolicy).where(isNotNull(signInPolicy.id));
  return row?.secondFactor ?? 'off';
}

export async function saveSignInPolicy(db: Db, secondFactor: SecondFactorPolicy): Promise<void> {
  await db
    .insert(signInPolicy)
    .values({ id: true, secondFactor })
    .onConflictDoUpdate({ target: signInPolicy.id, set: { secondFactor, updatedAt: sql`now()` } });
}

/** The staff members with a second factor (a confirmed TOTP or a passkey), by name, each since their first (Sign-in security's list). */
/** A page of the staff with a second factor, by name, found by a part of the name or address. */
export async function listSecondFactorHolders(
  db: Db,
  { search, page }: MemberListQuery,
): Promise<{ holders: { id: number; name: string; email: string; enrolledAt: Date }[]; totalCount: number }> {
  const rows = await sqlRows<{ id: number; name: string; email: string; enrolled_at: string; total: SqlBigint }>(db, sql`
    SELECT u.id, u.name, u.email, min(f.since) AS enrolled_at, count(*) OVER () AS total
    FROM users u
    JOIN (SELECT user_id, confirmed_at AS since FROM second_factors WHERE confirmed_at IS NOT NULL
          UNION ALL SELECT user_id, created_at FROM passkeys) f ON f.user_id = u.id
    WHERE ${memberMatches(search, 'u')}
    GROUP BY u.id, u.name, u.email
    ORDER BY u.name, u.id
    LIMIT ${MEMBER_LIST_PAGE_SIZE} OFFSET ${page * MEMBER_LIST_PAGE_SIZE}`);
  const totalCount = rows[0] ? Number(rows[0].total) : page > 0 ? (await listSecondFactorHolders(db, { search, page: 0 })).totalCount : 0;
  return { holders: rows.map((row) => ({ id: Number(row.id), name: row.name, email: row.email, enrolledAt: new Date(row.enrolled_at) })), totalCount };
}
