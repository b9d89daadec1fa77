import { z } from 'zod';
import { roleSchema } from './access.ts';
import { cleanLabel } from './text-safety.ts';
import { ACCOUNT_MESSAGES, accountEmailField } from './accounts.ts';

/** The staff accounts screens: list, detail, delete and the add-user (invitation) form. */

// ---- POST /api/add-user ----
export const addUserRequest = z.strictObject({
  name: z.string({ error: ACCOUNT_MESSAGES.nameRequired }).overwrite(cleanLabel).trim().min(1, ACCOUNT_MESSAGES.nameRequired).max(200, ACCOUNT_MESSAGES.nameTooLong),
  email: accountEmailField,
  role: roleSchema,
});
export type AddUserRequest = z.infer<typeof addUserRequest>;

// ---- GET /api/users/{pageIndex}, GET /api/user/{id} ----
export const userRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type UserRow = z.infer<typeof userRow>;

export const userListRow = userRow.extend({ total_count: z.number().int() });
export type UserListRow = z.infer<typeof userListRow>;

export const LAST_ADMINISTRATOR = 'The last administrator cannot be deleted. Invite another administrator first.';

export const OTHER_ACCOUNT_NOT_ALLOWED = 'You can only view your own account.';
