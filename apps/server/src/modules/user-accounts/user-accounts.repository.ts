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
