import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAnswer, registerRequest } from '@steward/contract/accounts';
import type { AppContext } from '../../app-context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { forgiveRate, limitRate } from './account-rate-limits.ts';
import { registerAccount } from './auth.actions.ts';

/** POST /api/register: accepts an invitation (sent by POST /api/add-user) with a chosen password. */
export async function registerRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerRequest, response: { 200: registerAnswer } } },
    async (request) => {
      // Failed keys count against the address, not registrations: a whole office may register from one address.
      const address = rateLimitAddress(request.ip);
      await limitRate(db, 'registerPerAddress', address);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction((tx) => registerAccount(tx, request.ip, request.body.key, passwordHash));
      await forgiveRate(db, 'registerPerAddress', address);
      return { success: true as const, data: { rowCount: 1 as const } };
    },
  );
}
