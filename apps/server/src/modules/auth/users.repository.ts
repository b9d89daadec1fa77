import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Capability, Role } from '@steward/contract/access';
import type { Theme } from '@steward/contract/auth';
import type { Db } from '../../db/client.ts';
import { roleCapabilities, users } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';

export type UserRecord = typeof users.$inferSelect;

/** Emails are compared without regard to case; we store them lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** A member with their role's capabilities, as the permission rules take them (the weekly report asks what each may see). */
export async function findStaffMember(db: Db, id: number): Promise<(Pick<UserRecord, 'id' | 'name' | 'email' | 'role'> & { capabilities: Capability[] }) | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  const held = await db.select({ capability: roleCapabilities.capability }).from(roleCapabilities).where(eq(roleCapabilities.role, user.role));
  return { id: user.id, name: user.name, email: user.email, role: user.role, capabilities: held.map((row) => row.capability as Capability) };
}

export async function createUser(
  db: Db,
  input: { name: string; email: string; role: Role; passwordHash: string; roleFromGroups?: boolean },
): Promise<UserRecord> {
  const rows = await db
    .insert(users)
    .values({ ...input, email: normaliseEmail(input.email) })
    .returning();
  const user = rows[0];
  if (!user) throw new Error('Inserting a user returned no row.');
  return user;
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ value: count() }).from(users);
  return Number(rows[0]?.value ?? 0);
}

export async function saveTheme(db: Db, userId: number, theme: Theme): Promise<void> {
  await db.update(users).set({ theme }).where(eq(users.id, userId));
}

/** Stores a new password hash and notes when it changed. */
export async function savePassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

/** The staff whose role holds a capability (the approvers of Inform the Bot, say), oldest account first. */
export async function findUsersHolding(db: Db, capability: string): Promise<Pick<UserRecord, 'id' | 'name' | 'email'>[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(roleCapabilities, and(eq(roleCapabilities.role, users.role), eq(roleCapabilities.capability, capability)))
    .orderBy(asc(users.id));
}

/** The administrators (by role), to mail about what only they manage (a webhook endpoint disabled). */
export async function findAdministrators(db: Db): Promise<Pick<UserRecord, 'id' | 'name' | 'email'>[]> {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id));
}

export type DeleteUserResult = 'deleted' | 'not_found' | 'last_administrator';

export type DeletedUser = Pick<SqlRow<typeof users>, 'id' | 'name' | 'email' | 'role'>;

/**
 * Deletes a staff account (its sessions and keys go with it, by foreign key), unless it is
 * the last administrator. The administrators are locked first, so two deletions at once
 * cannot each leave the other one as the last. Run in the caller's transaction (user-accounts' deleteUser, with its audit entry).
 */
export async function deleteUserKeepingAnAdministrator(
  tx: Db,
  userId: number,
): Promise<{ result: 'deleted'; deleted: DeletedUser } | { result: Exclude<DeleteUserResult, 'deleted'> }> {
  const admins = await sqlRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);
  const [target] = await sqlRows<DeletedUser>(tx, sql`SELECT id, name, email, role FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!target) return { result: 'not_found' };
  if (target.role === 'admin' && admins.length <= 1) return { result: 'last_administrator' };
  await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);
  return { result: 'deleted', deleted: target };
}

export type RoleChange = { result: 'changed' } | { result: 'unchanged' | 'last_administrator' | 'break_glass' };

/**
 * Gives a member a new role, unless that takes administration from the last administrator or from a break-glass
 * administrator of single sign-on only (`isBreakGlass`). The administrators are locked first, as a deletion does.
 */
export async function changeRoleKeepingAnAdministrator(tx: Db, userId: number, role: Role, isBreakGlass: () => Promise<boolean>): Promise<RoleChange> {
  const admins = await sqlRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);
  const [target] = await sqlRows<{ role: Role }>(tx, sql`SELECT role FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!target || target.role === role) return { result: 'unchanged' };
  if (target.role === 'admin') {
    if (admins.length <= 1) return { result: 'last_administrator' };
    if (await isBreakGlass()) return { result: 'break_glass' };
  }
  await tx.update(users).set({ role }).where(eq(users.id, userId));
  return { result: 'changed' };
}
