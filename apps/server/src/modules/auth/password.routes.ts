import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  OWN_PASSWORD_ONLY,
  resetPasswordRequest,
  sendPasswordResetEmailRequest,
  WRONG_OLD_PASSWORD,
} from '@steward/contract/accounts';
import { idParam, successAnswer } from '@steward/contract/envelope';
import { canChangePassword } from '@steward/contract/permissions';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { changePassword, requestPasswordReset, resetPassword } from './auth.actions.ts';
import { currentSessionOf } from './sessions.actions.ts';
import { renewSession } from './start-session.ts';
import { findUserById } from './users.repository.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { forgiveRate, limitRate } from './account-rate-limits.ts';

/** Forgot password (mail a reset link), reset password (with the key) and change password (signed in). */
export async function passwordRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/send-password-reset-email',
    { config: { access: 'public' }, schema: { body: sendPasswordResetEmailRequest, response: { 200: successAnswer } } },
    async (request) => {
      await requestPasswordReset(db, request, request.body.email);
      return { success: true as const };
    },
  );

  api.post(
    '/api/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordRequest, response: { 200: successAnswer } } },
    async (request) => {
      const address = rateLimitAddress(request.ip);
      await limitRate(db, 'resetPerAddress', address);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction((tx) => resetPassword(tx, config, request.ip, request.body.token, passwordHash));
      // Failed keys count against the address; a reset that worked does not.
      await forgiveRate(db, 'resetPerAddress', address);
      return { success: true as const };
    },
  );

  api.post(
    '/api/user/:id/change-password',
    {
      config: { access: 'login' },
      schema: { params: z.object({ id: idParam }), body: changePasswordRequest, response: { 200: successAnswer } },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      if (!canChangePassword(viewer, request.params.id)) throw new HttpError(403, OWN_PASSWORD_ONLY);
      await limitRate(db, 'changePasswordPerUser', viewer.id, 'oldPassword');
      const user = await findUserById(db, viewer.id);
      if (!user) throw new HttpError(404, 'This user no longer exists.');
      if (!(await verifyPassword(user.passwordHash, request.body.oldPassword))) {
        throw new HttpError(400, WRONG_OLD_PASSWORD, 'oldPassword');
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      // Every other session ends; this browser goes on under a new session id (below).
      await db.transaction((tx) => changePassword(tx, actorOf(request), user, passwordHash, currentSessionOf(request)));
      await renewSession(db, config, request, reply, user.id);
      return { success: true as const };
    },
  );
}
