import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_TAKEN } from '@steward/contract/accounts';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canAddUser, canDeleteUser, canReadUserAccount, canReadUserAccounts, canSeeInvitationLink } from '@steward/contract/permissions';
import {
  addUserAnswer,
  addUserRequest,
  OTHER_ACCOUNT_NOT_ALLOWED,
  userListRow,
  userRow,
  userListQuery,
} from '@steward/contract/user-accounts';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import { limitInvitations } from '../auth/auth.actions.ts';
import { findUserByEmail, findUserById } from '../auth/users.repository.ts';
import { deleteUser, inviteUser, USER_NOT_FOUND } from './user-accounts.actions.ts';
import { presentUser, presentUserListRow } from './user-accounts.presenter.ts';
import { listUsersPage } from './user-accounts.repository.ts';

/** The user accounts list, one account's detail, inviting a new account and deleting one. */
export async function userAccountsRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/add-user',
    { config: { access: canAddUser }, schema: { body: addUserRequest, response: { 200: addUserAnswer } } },
    async (request) => {
      const inviter = signedIn(request);
      await limitInvitations(db, inviter.id);
      const { name, email, role } = request.body;
      if (await findUserByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN, 'email');
      const link = await db.transaction((tx) => inviteUser(tx, signedInActor(request), config, { name, email, role }));
      // Say truthfully where the invitation went: with no mail server it waits in the outbox folder.
      if (config.smtpUrl) return { success: true as const, data: { rows: [{ delivery: 'smtp' as const }] } };
      const outcome = { delivery: 'outbox' as const, outbox_folder: path.join(config.dataDir, 'outbox') };
      return { success: true as const, data: { rows: [canSeeInvitationLink(inviter) ? { ...outcome, register_link: link } : outcome] } };
    },
  );

  api.get(
    '/api/users/:pageIndex',
    {
      config: { access: canReadUserAccounts },
      schema: { params: z.object({ pageIndex: pageIndexParam }), querystring: userListQuery, response: { 200: rowsAnswer(userListRow) } },
    },
    async (request) => {
      const rows = await listUsersPage(db, request.params.pageIndex, PAGE_SIZE.userAccounts, request.query);
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
      const actor = signedInActor(request);
      await db.transaction((tx) => deleteUser(tx, actor, request.params.id));
      return { success: true as const };
    },
  );
}
