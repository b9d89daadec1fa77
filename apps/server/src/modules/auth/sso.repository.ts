import { eq, inArray, sql } from 'drizzle-orm';
import type { SsoBreakGlass } from '@steward/contract/single-sign-on';
import type { Db } from '../../db/client.ts';
import { ssoBreakGlass, ssoSessions, ssoSettings, users } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';

/** Single sign-on's saved settings (one row, migration 3620): joining domains and whether it is the only way in. */
export interface SsoPolicy {
  joinDomains: string[];
  ssoOnly: boolean;
}

export async function readSsoPolicy(db: Db): Promise<SsoPolicy> {
  const [row] = await db.select({ joinDomains: ssoSettings.joinDomains, ssoOnly: ssoSettings.ssoOnly }).from(ssoSettings);
  return row ?? { joinDomains: [], ssoOnly: false };
}

/** Saves the settings and the break-glass administrators at once (in the caller's transaction). */
export async function saveSsoPolicy(tx: Db, policy: SsoPolicy, breakGlassIds: number[]): Promise<void> {
  await tx.update(ssoSettings).set({ joinDomains: policy.joinDomains, ssoOnly: policy.ssoOnly, updatedAt: new Date() });
  await tx.delete(ssoBreakGlass);
  if (breakGlassIds.length > 0) await tx.insert(ssoBreakGlass).values(breakGlassIds.map((userId) => ({ userId })));
}

export async function listBreakGlass(db: Db): Promise<SsoBreakGlass[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(ssoBreakGlass)
    .innerJoin(users, eq(users.id, ssoBreakGlass.userId))
    .orderBy(users.name, users.id);
}

export async function isBreakGlass(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ userId: ssoBreakGlass.userId }).from(ssoBreakGlass).where(eq(ssoBreakGlass.userId, userId));
  return rows.length > 0;
}

/** Of `ids`, those that are administrators (only they may be break-glass). */
export async function administratorsAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(sql`${inArray(users.id, ids)} AND ${users.role} = 'admin'`);
  return rows.map((row) => row.id);
}

/** Keeps a single-sign-on session's ID token for the provider's logout; it goes with the session (foreign key). */
export async function saveSsoSession(tx: Db, sessionId: string, idToken: string): Promise<void> {
  await tx.insert(ssoSessions).values({ sessionIdHash: hashSecret(sessionId), idToken });
}

export async function findSsoSessionIdToken(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select({ idToken: ssoSessions.idToken }).from(ssoSessions).where(eq(ssoSessions.sessionIdHash, hashSecret(sessionId)));
  return row?.idToken;
}
