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
import { enqueueJob } from '../../jobs/job-queue.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { changePassword, resetPassword } from './auth.actions.ts';
import { renewSession } from './start-session.ts';
import { findUserByEmail, findUserById, normaliseEmail } from './users.repository.ts';
import { deviceOf } from './device-cookies.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { ACCOUNT_RATE_LIMITS, countRate, forgiveRate, limitRate } from './account-rate-limits.ts';
import { PASSWORD_RESET_QUEUE } from './password-reset-request.ts';

/** Forgot password (mail a reset link), reset password (with the key) and change password (signed in). */
export async function passwordRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/send-password-reset-email',
    { config: { access: 'public' }, schema: { body: sendPasswordResetEmailRequest, response: { 200: successAnswer } } },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const address = rateLimitAddress(request.ip);
      // As the sign-in throttle: a browser that has signed in to the account asks on a quota of its own; anyone else
      // is counted per address and per (email, address), never refused per email alone, so strangers asking for the
      // same email from many addresses cannot use up the owner's mails. The email's own count only warns.
      const user = await findUserByEmail(db, email);
      const device = user ? await deviceOf(db, request, user.id) : undefined;
      if (device) {
        await limitRate(db, 'resetMailPerDevice', device.nonce, 'email');
      } else {
        await limitRate(db, 'resetMailPerAddress', address, 'email');
        await limitRate(db, 'resetMailPerEmailAndAddress', `${email}:${address}`, 'email');
        const forEmail = await countRate(db, 'resetMailPerEmail', email);
        if (user && forEmail.hits === ACCOUNT_RATE_LIMITS.resetMailPerEmail.limit + 1) {
          request.log.warn({ userId: user.id }, 'Many password reset mails were asked for one account from different addresses within an hour: someone may be flooding its mailbox.');
        }
      }
      // The mail is made later, in a job, so the answer says the same thing whether or not the account
      // exists: no account enumeration (the lookup above is one indexed read either way).
      await enqueueJob(db, PASSWORD_RESET_QUEUE, { email });
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
      await db.transaction((tx) => resetPassword(tx, request.ip, request.body.token, passwordHash));
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
      // Every session ends, this one too; this browser goes on under a new session id (below).
      await db.transaction((tx) => changePassword(tx, actorOf(request), user, passwordHash));
      await renewSession(db, config, request, reply, user.id);
      return { success: true as const };
    },
  );
}
