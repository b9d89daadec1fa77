import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVALID_INVITATION, invitationRow, registerAnswer, registerRequest } from '@steward/contract/accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { forgiveRate, limitRate } from './account-rate-limits.ts';
import { peekAccountToken } from './account-tokens.repository.ts';
import { registerAccount } from './auth.actions.ts';

/** GET /api/register/:key: whom an invitation registers. POST /api/register: accepts an invitation (sent by POST /api/add-user) with a chosen password. */
export async function registerRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The invitee holds the key (32 random bytes, from their mail): it tells them the email they register, nothing more.
  api.get(
    '/api/register/:key',
    { config: { access: 'public' }, schema: { params: z.object({ key: z.string().max(200) }), response: { 200: rowsAnswer(invitationRow) } } },
    async (request) => {
      await limitRate(db, 'invitationLookupPerAddress', rateLimitAddress(request.ip));
      const invitation = await peekAccountToken(db, 'invitation', request.params.key);
      if (!invitation) throw new HttpError(404, INVALID_INVITATION);
      return { success: true as const, data: { rows: [{ email: invitation.email, name: invitation.name }] } };
    },
  );

  api.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerRequest, response: { 200: registerAnswer } } },
    async (request) => {
      // Failed keys count against the address, not registrations: a whole office may register from one address.
      const address = rateLimitAddress(request.ip);
      await limitRate(db, 'registerPerAddress', address);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction((tx) => registerAccount(tx, config, request.ip, request.body.key, passwordHash));
      await forgiveRate(db, 'registerPerAddress', address);
      return { success: true as const, data: { rowCount: 1 as const } };
    },
  );
}
