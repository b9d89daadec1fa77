import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_SECONDS } from '@steward/contract/passkeys';
import type { Db } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';

/** The rows of members' passkeys and of the passkey ceremonies' challenges. */

export type PasskeyRecord = typeof passkeys.$inferSelect;
export type PasskeyChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRecord[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.value ?? 0);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRecord | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function findOwnPasskey(db: Db, userId: number, passkeyId: number): Promise<PasskeyRecord | undefined> {
  const [row] = await db.select().from(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)));
  return row;
}

/** Saves a new passkey; undefined when its credential is already someone's. */
export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRecord | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row;
}

/** After a sign-in with the passkey: its counter and backup state as the authenticator now reports them. */
export async function recordPasskeyUse(db: Db, id: number, use: { counter: number; backedUp: boolean; deviceType: PasskeyRecord['deviceType'] }): Promise<void> {
  await db.update(passkeys).set({ ...use, lastUsedAt: sql`now()` }).where(eq(passkeys.id, id));
}

export async function renamePasskey(db: Db, userId: number, passkeyId: number, name: string): Promise<boolean> {
  const rows = await db.update(passkeys).set({ name }).where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId))).returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskey(db: Db, userId: number, passkeyId: number): Promise<boolean> {
  const rows = await db.delete(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId))).returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Removes all the member's passkeys (an administrator's reset); how many there were. */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
}

// ---- challenges ----

/** Keeps a ceremony's challenge (its hash) for one purpose and, but for a sign-in without a password, one member. */
export async function saveChallenge(db: Db, challenge: string, purpose: PasskeyChallengePurpose, userId: number | null): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000);
  await db.insert(passkeyChallenges).values({ challengeHash: hashSecret(challenge), purpose, userId, expiresAt });
}

/**
 * Spends a challenge: true once, when it was issued for this purpose (and member) and has not expired; false ever
 * after. One statement, so two answers with the same challenge cannot both pass.
 */
export async function spendChallenge(db: Db, challenge: string, purpose: PasskeyChallengePurpose, userId: number | null): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashSecret(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ purpose: passkeyChallenges.purpose });
  return rows.length === 1;
}
