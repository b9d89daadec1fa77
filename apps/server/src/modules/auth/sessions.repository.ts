import { and, eq, gt, sql } from 'drizzle-orm';
import type { Capability } from '@steward/contract/access';
import type { CurrentUser } from '@steward/contract/auth';
import type { Db } from '../../db/client.ts';
import { sessions, type users } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads free of writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(
  db: Db,
  input: { userId: number; ip: string; userAgent: string | undefined; signInMethod?: (typeof sessions.$inferInsert)['signInMethod'] },
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = newSecret();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    idHash: hashSecret(sessionId),
    userId: input.userId,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    signInMethod: input.signInMethod ?? null,
  });
  return { sessionId, expiresAt };
}

type SessionRow = Pick<SqlRow<typeof users>, 'id' | 'name' | 'email' | 'role' | 'theme'> &
  Pick<SqlRow<typeof sessions>, 'created_at' | 'last_seen_at'> & { capabilities: Capability[] | null };

/** The signed-in user behind a session cookie, or undefined when it is unknown or expired (migration 1600). */
export async function findSessionUser(db: Db, sessionId: string): Promise<CurrentUser | undefined> {
  const idHash = hashSecret(sessionId);
  const rows = await sqlRows<SessionRow>(db, sql`SELECT * FROM steward_session_user(${idHash})`);
  const row = rows[0];
  if (!row) return undefined;
  const now = Date.now();
  if (now - new Date(row.created_at).getTime() > SESSION_MAX_AGE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return undefined;
  }
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_MS) })
      .where(eq(sessions.idHash, idHash));
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    theme: row.theme,
    capabilities: row.capabilities ?? [],
  };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSecret(sessionId)));
}

/** Ends every session of a user (a password reset or change). */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function countLiveSessions(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return rows.length;
}
