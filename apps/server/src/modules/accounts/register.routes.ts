import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_TAKEN,
  INVALID_INVITATION,
  INVITATION_EXPIRED,
  INVITATION_USED,
  invitationRow,
  registerAnswer,
  registerRequest,
} from '@steward/contract/accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { createUser, findUserByEmail } from '../user-accounts/users.repository.ts';
import { limitRate } from './account-rate-limits.ts';
import { consumeAccountToken, peekAccountToken } from './account-tokens.repository.ts';

/** POST /api/register: accepts an invitation (sent by POST /api/add-user) with a chosen password. */
export async function registerRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The invitee holds the key (32 random bytes, from their mail): it tells them the email they register, nothing more.
  api.get(
    '/api/register/:key',
    { config: { access: 'public' }, schema: { params: z.object({ key: z.string().max(200) }), response: { 200: rowsAnswer(invitationRow) } } },
    async (request) => {
      await limitRate(db, 'invitationLookupPerAddress', request.ip);
      const invitation = await peekAccountToken(db, 'invitation', request.params.key);
      if (!invitation) throw new HttpError(404, INVALID_INVITATION);
      return { success: true as const, data: { rows: [{ email: invitation.email, name: invitation.name }] } };
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
        const user = await createUser(tx, { email, name: name ?? email, role, passwordHash });
        await recordAudit(tx, actorOf(request, user), { action: 'user_registered', object: { type: 'user', id: user.id, label: user.name }, details: { role } });
      });
      return { success: true as const, data: { rowCount: 1 as const } };
    },
  );
}
