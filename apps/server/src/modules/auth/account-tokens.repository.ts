import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { hashSecret, newSecret, sameHash } from '../../lib/secrets.ts';
import { normaliseEmail } from './users.repository.ts';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

/** A password reset key is good for 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** A sign-in link (email verification code) is good for 15 minutes. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Creates a single-use key for a user's mailbox and answers it (it is mailed, never stored).
 * Older unused keys of the same purpose for the same address stop working.
 */
export async function createAccountToken(
  db: Db,
  input: { purpose: Exclude<TokenPurpose, 'invitation'>; email: string; userId: number; ttlMs: number },
): Promise<string> {
  const key = newSecret();
  const email = normaliseEmail(input.email);
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.purpose, input.purpose), eq(authTokens.email, email), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({
    tokenHash: hashSecret(key),
    purpose: input.purpose,
    email,
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return key;
}

export interface ConsumedToken {
  email: string;
  userId: number | null;
  name: string | null;
  role: 'admin' | 'viewer' | null;
}

export type ConsumeResult = { ok: true; token: ConsumedToken } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

type TokenRow = Pick<SqlRow<typeof authTokens>, 'token_hash' | 'email' | 'user_id' | 'name' | 'role'>;

/**
 * Uses up a key of one purpose in a single statement, so two requests racing with the
 * same key cannot both succeed. A key of another flow counts as unknown.
 * Call inside the transaction that acts on it: a rollback gives the key back.
 */
export async function consumeAccountToken(db: Db, purpose: TokenPurpose, key: string, email?: string): Promise<ConsumeResult> {
  const tokenHash = hashSecret(key);
  const rows = await sqlRows<TokenRow>(db, sql`
    UPDATE auth_tokens SET used_at = now()
    WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
      ${email === undefined ? sql`` : sql`AND email = ${normaliseEmail(email)}`}
    RETURNING token_hash, email, user_id, name, role`);
  const row = rows[0];
  // The lookup went by hash; this re-check is constant-time and guards against any index surprise.
  if (row && sameHash(row.token_hash, tokenHash)) {
    return { ok: true, token: { email: row.email, userId: row.user_id, name: row.name, role: row.role } };
  }
  const known = await sqlRows<Pick<SqlRow<typeof authTokens>, 'used_at'>>(db, sql`
    SELECT used_at FROM auth_tokens WHERE token_hash = ${tokenHash} AND purpose = ${purpose}
      ${email === undefined ? sql`` : sql`AND email = ${normaliseEmail(email)}`}`);
  const stored = known[0];
  if (!stored) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: stored.used_at ? 'used' : 'expired' };
}

/** A live (unused, unexpired) token's email and name, without spending it: the register page says whom it registers. */
export async function peekAccountToken(db: Db, purpose: TokenPurpose, key: string): Promise<Pick<ConsumedToken, 'email' | 'name'> | undefined> {
  const tokenHash = hashSecret(key);
  const rows = await sqlRows<Pick<TokenRow, 'token_hash' | 'email' | 'name'>>(db, sql`
    SELECT token_hash, email, name FROM auth_tokens
    WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()`);
  const row = rows[0];
  return row && sameHash(row.token_hash, tokenHash) ? { email: row.email, name: row.name } : undefined;
}

/**
 * Spends the live invitation of an address, if any (single sign-on: the invitee signs in at the provider with the
 * invited address instead of opening the key). In the caller's transaction.
 */
export async function consumeInvitationOf(db: Db, email: string): Promise<Pick<ConsumedToken, 'name' | 'role'> | undefined> {
  const rows = await sqlRows<Pick<TokenRow, 'name' | 'role'>>(db, sql`
    UPDATE auth_tokens SET used_at = now()
    WHERE purpose = 'invitation' AND email = ${normaliseEmail(email)} AND used_at IS NULL AND expires_at > now()
    RETURNING name, role`);
  return rows[0];
}
