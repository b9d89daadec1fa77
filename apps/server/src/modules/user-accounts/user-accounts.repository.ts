import { sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@steward/contract/user-accounts';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../../db/sql-rows.ts';

export type UserListRecord = Pick<SqlRow<typeof users>, 'id' | 'name' | 'email' | 'role'> & { total_count: SqlBigint };

/** The ORDER BY of each sortable column (a fixed list: nothing the caller sends is written into the SQL). */
const ORDER_BY: Record<UserListQuery['sort'], Record<UserListQuery['order'], SQL>> = {
  name: { asc: sql`lower(name) ASC, id ASC`, desc: sql`lower(name) DESC, id DESC` },
  email: { asc: sql`lower(email) ASC, id ASC`, desc: sql`lower(email) DESC, id DESC` },
  role: { asc: sql`role ASC, lower(name) ASC, id ASC`, desc: sql`role DESC, lower(name) ASC, id ASC` },
};

/**
 * One page of staff accounts, by name unless asked otherwise. Staff are a few dozen people, not millions
 * of rows, so the total comes from a window count rather than a list counter, and any order is cheap.
 */
export async function listUsersPage(
  db: Db,
  pageIndex: number,
  pageSize: number,
  order: UserListQuery = { sort: 'name', order: 'asc' },
): Promise<UserListRecord[]> {
  return sqlRows<UserListRecord>(db, sql`
    SELECT id, name, email, role, count(*) OVER () AS total_count
    FROM users ORDER BY ${ORDER_BY[order.sort][order.order]}
    LIMIT ${pageSize} OFFSET ${pageIndex * pageSize}`);
}


export type DeleteUserResult = 'deleted' | 'not_found' | 'last_administrator';

export type DeletedUser = Pick<SqlRow<typeof users>, 'id' | 'name' | 'email' | 'role'>;

/**
 * Deletes a staff account (its sessions and keys go with it, by foreign key), unless it is
 * the last administrator. The administrators are locked first, so two deletions at once
 * cannot each leave the other one as the last. Run in the caller's transaction (deleteUser, with its audit entry).
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
