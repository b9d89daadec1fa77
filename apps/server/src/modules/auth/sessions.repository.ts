import { and, count, desc, eq, gt, max, ne, sql } from 'drizzle-orm';
import { MEMBER_LIST_PAGE_SIZE, type MemberListQuery } from '@steward/contract/member-lists';
import type { Capability } from '@steward/contract/access';
import type { CurrentUser } from '@steward/contract/auth';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { memberMatches } from './member-search.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads free of writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(
  db: Db,
  input: { userId: number; ip: string; userAgent: string | undefined; signInMethod?: (typeof sessions.$inferInsert)['signInMethod']; place?: string | null },
): Promise<{ sessionId: string; expiresAt: Date; id: number }> {
  const sessionId = newSecret();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_IDLE_MS);
  const [created] = await db.insert(sessions).values({
    idHash: hashSecret(sessionId),
    userId: input.userId,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    signInMethod: input.signInMethod ?? null,
    place: input.place ?? null,
  }).returning({ id: sessions.id });
  if (!created) throw new Error('A session was not created.');
  return { sessionId, expiresAt, id: created.id };
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

/** Ends a session by the id its cookie holds; answers how it was signed in, when it was there. */
export async function deleteSession(db: Db, sessionId: string): Promise<{ signInMethod: LiveSession['signInMethod'] } | undefined> {
  const ended = await db.delete(sessions).where(eq(sessions.idHash, hashSecret(sessionId))).returning({ signInMethod: sessions.signInMethod });
  return ended[0];
}

/**
 * Ends every session of a user (a password reset or change, a second factor's reset, an administrator's End all
 * sessions), but the one kept (the caller's own, by its id_hash) when there is one; answers how many live ones ended.
 * Every instance reads the session from the database on each request, so the ending holds everywhere at once.
 */
export async function deleteSessionsOfUser(db: Db, userId: number, keep?: { idHash: string }): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.idHash, keep.idHash) : undefined))
    .returning({ expiresAt: sessions.expiresAt });
  const now = Date.now();
  return ended.filter((session) => session.expiresAt.getTime() > now).length;
}

/** Ends one session, only when it is the user's live one: answers its id_hash, or undefined when it is someone else's, unknown or ended. */
export async function deleteSessionOfUser(db: Db, userId: number, id: number): Promise<string | undefined> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .returning({ idHash: sessions.idHash });
  return ended[0]?.idHash;
}

export type LiveSession = Pick<typeof sessions.$inferSelect, 'id' | 'idHash' | 'createdAt' | 'lastSeenAt' | 'userAgent' | 'ip' | 'signInMethod' | 'place'>;

/** A user's live sessions, the most recently seen first. */
export function listLiveSessions(db: Db, userId: number): Promise<LiveSession[]> {
  return db
    .select({
      id: sessions.id,
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      signInMethod: sessions.signInMethod,
      place: sessions.place,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()), gt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_AGE_MS))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** The staff with live sessions, each with how many and when last seen, the most recently seen first. */
/** A page of the members with live sessions, most recently seen first, found by a part of the name or address. */
export async function listStaffWithSessions(
  db: Db,
  { search, page }: MemberListQuery,
): Promise<{ staff: { id: number; name: string; email: string; sessions: number; lastSeenAt: Date }[]; totalCount: number }> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sessions: count(),
      lastSeenAt: max(sessions.lastSeenAt).mapWith((value: string | Date) => new Date(value)),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(gt(sessions.expiresAt, new Date()), gt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_AGE_MS)), memberMatches(search)))
    .groupBy(users.id)
    .orderBy(desc(max(sessions.lastSeenAt)), users.id)
    .limit(MEMBER_LIST_PAGE_SIZE)
    .offset(page * MEMBER_LIST_PAGE_SIZE);
  const totalCount = rows[0]?.total ?? (page > 0 ? (await listStaffWithSessions(db, { search, page: 0 })).totalCount : 0);
  return { staff: rows.map(({ total: _total, ...row }) => ({ ...row, lastSeenAt: row.lastSeenAt ?? new Date(0) })), totalCount };
}

export async function countLiveSessions(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return rows.length;
}
