import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LAST_ADMINISTRATOR, userListRow, userRow } from '@steward/contract/accounts';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canDeleteUser, canReadUserAccount, canReadUserAccounts } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn } from '../../plugins/access.ts';
import { deleteUserKeepingAnAdministrator, listUsersPage } from './user-accounts.repository.ts';
import { presentUser, presentUserListRow } from './users.presenter.ts';
import { findUserById } from './users.repository.ts';

export const USER_NOT_FOUND = 'This user does not exist.';
export const OTHER_ACCOUNT_NOT_ALLOWED = 'You can only view your own account.';

/** The user accounts list, one account's detail, and deleting an account. */
export async function usersRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users/:pageIndex',
    {
      config: { access: canReadUserAccounts },
      schema: { params: z.object({ pageIndex: pageIndexParam }), response: { 200: rowsAnswer(userListRow) } },
    },
    async (request) => {
      const rows = await listUsersPage(db, request.params.pageIndex, PAGE_SIZE.userAccounts);
      return { success: true as const, data: { rows: rows.map(presentUserListRow) } };
    },
  );

  api.get(
    '/api/user/:id',
    { config: { access: 'login' }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(userRow) } } },
    async (request) => {
      const viewer = signedIn(request);
      const { id } = request.params;
      if (!canReadUserAccount(viewer, id)) throw new HttpError(403, OTHER_ACCOUNT_NOT_ALLOWED);
      const user = await findUserById(db, id);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      return { success: true as const, data: { rows: [presentUser(user)] } };
    },
  );

  api.post(
    '/api/user/:id/delete',
    { config: { access: canDeleteUser }, schema: { params: z.object({ id: idParam }), response: { 200: successAnswer } } },
    async (request) => {
      const result = await deleteUserKeepingAnAdministrator(db, request.params.id);
      if (result === 'not_found') throw new HttpError(404, USER_NOT_FOUND);
      if (result === 'last_administrator') throw new HttpError(409, LAST_ADMINISTRATOR);
      return { success: true as const };
    },
  );
}
