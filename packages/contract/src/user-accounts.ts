import { z } from 'zod';
import { roleSchema } from './access.ts';
import { cleanLabel } from './text-safety.ts';
import { ACCOUNT_MESSAGES, accountEmailField } from './accounts.ts';
import { mailDeliveryFields } from './mail-delivery.ts';

/** The staff accounts screens: list, detail, delete and the add-user (invitation) form. */

// ---- POST /api/add-user ----
export const addUserRequest = z.strictObject({
  name: z.string({ error: ACCOUNT_MESSAGES.nameRequired }).overwrite(cleanLabel).trim().min(1, ACCOUNT_MESSAGES.nameRequired).max(200, ACCOUNT_MESSAGES.nameTooLong),
  email: accountEmailField,
  role: roleSchema,
});
export type AddUserRequest = z.infer<typeof addUserRequest>;

/**
 * What POST /api/add-user answers: how the invitation travels. Without SMTP_URL the mail is written to the
 * server's outbox folder, so the inviter is told where it went and, if they may see it (canSeeInvitationLink),
 * given the register link itself to pass on.
 */
export const addUserAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    rows: z.array(
      z.object({
        ...mailDeliveryFields,
        register_link: z.string().optional(),
      }),
    ),
  }),
});
export type AddUserOutcome = z.infer<typeof addUserAnswer>['data']['rows'][number];

export const INVITATION_DELIVERY_TEXTS = {
  smtp: (email: string) => `The invitation was mailed to ${email}.`,
  link: 'Send them this link to choose their password (valid for 72 hours):',
} as const;

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

/** The columns GET /api/users/{pageIndex}?sort=&order= can order the staff list by (default: name, ascending). */
export const USER_LIST_SORT_COLUMNS = ['name', 'email', 'role'] as const;
export type UserListSortColumn = (typeof USER_LIST_SORT_COLUMNS)[number];
export const LIST_SORT_ORDERS = ['asc', 'desc'] as const;
export const USER_LIST_SORT_MESSAGE = 'The staff list can be sorted by name, email or role, in asc or desc order.';
export const userListQuery = z.object({
  sort: z.enum(USER_LIST_SORT_COLUMNS, { error: USER_LIST_SORT_MESSAGE }).default('name'),
  order: z.enum(LIST_SORT_ORDERS, { error: USER_LIST_SORT_MESSAGE }).default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const LAST_ADMINISTRATOR = 'The last administrator cannot be deleted. Invite another administrator first.';

export const OTHER_ACCOUNT_NOT_ALLOWED = 'You can only view your own account.';
