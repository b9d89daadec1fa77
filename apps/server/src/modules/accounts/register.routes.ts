import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addUserRequest, INVALID_INVITATION, registerAnswer, registerRequest } from '@steward/contract/accounts';
import { successAnswer } from '@steward/contract/envelope';
import { canAddUser } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { signedIn } from '../../plugins/access.ts';
import { createInvitation } from '../users/invitations.repository.ts';
import { createUser, findUserByEmail } from '../users/users.repository.ts';
import { invitationMail } from './account-mails.ts';
import { limitRate } from './account-rate-limits.ts';
import { consumeAccountToken } from './account-tokens.repository.ts';

export const EMAIL_TAKEN = 'An account with this email address already exists.';
export const INVITATION_USED = 'This invitation has already been used. Please log in, or reset your password.';
export const INVITATION_EXPIRED = 'This invitation has expired. Please ask an administrator to send a new one.';

/** POST /api/add-user (invite by mail) and POST /api/register (accept the invitation). */
export async function invitationRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/add-user',
    { config: { access: canAddUser }, schema: { body: addUserRequest, response: { 200: successAnswer } } },
    async (request) => {
      const inviter = signedIn(request);
      await limitRate(db, 'addUserPerUser', inviter.id);
      const { name, email, role } = request.body;
      if (await findUserByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN, 'email');
      await db.transaction(async (tx) => {
        const key = await createInvitation(tx, { email, name, role, createdBy: inviter.id });
        const link = `${config.publicUrl}/register/${key}`;
        await enqueueMail(tx, invitationMail({ to: email, name, assistantName: config.assistantName, link, invitedBy: inviter.name }));
      });
      return { success: true as const };
    },
  );

  api.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerRequest, response: { 200: registerAnswer } } },
    async (request) => {
      await limitRate(db, 'registerPerAddress', request.ip);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const result = await consumeAccountToken(tx, 'invitation', request.body.key);
        if (!result.ok) {
          if (result.reason === 'used') throw new HttpError(410, INVITATION_USED);
          if (result.reason === 'expired') throw new HttpError(410, INVITATION_EXPIRED);
          throw new HttpError(400, INVALID_INVITATION);
        }
        const { email, name, role } = result.token;
        // The email, name and role come from the invitation, never from the request.
        if (!role) throw new HttpError(400, INVALID_INVITATION);
        if (await findUserByEmail(tx, email)) throw new HttpError(409, EMAIL_TAKEN);
        await createUser(tx, { email, name: name ?? email, role, passwordHash });
      });
      return { success: true as const, data: { rowCount: 1 as const } };
    },
  );
}
