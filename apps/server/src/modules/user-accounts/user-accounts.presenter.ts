import type { UserListRow, UserRow } from '@steward/contract/user-accounts';
import type { UserListRecord } from './user-accounts.repository.ts';
import type { UserRecord } from '../auth/users.repository.ts';

/** Copies only what the dashboard may see of a staff account: never the password hash. */
export const presentUser = (user: UserRecord): UserRow => ({ id: user.id, name: user.name, email: user.email, role: user.role });

export const presentUserListRow = (row: UserListRecord): UserListRow => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  total_count: Number(row.total_count),
});
