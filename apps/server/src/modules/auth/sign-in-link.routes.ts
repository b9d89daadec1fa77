import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserRow, INVALID_SIGN_IN_LINK, verifyEmailCodeRequest } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { forgiveRate, limitRate } from './account-rate-limits.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { consumeAccountToken } from './account-tokens.repository.ts';
import { findUserById } from './users.repository.ts';
import { finishFirstStep } from './second-factor-sign-in.ts';
import { refuseUnlessPasswordAllowed } from './sso-only.ts';
import { trustBrowser } from './trusted-browsers.repository.ts';

/** POST /api/verify-email-code: signs in with a mailed one-time code and trusts this browser. */
export async function signInLinkRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/verify-email-code',
    { config: { access: 'public' }, schema: { body: verifyEmailCodeRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      const address = rateLimitAddress(request.ip);
      await limitRate(db, 'verifyPerAddress', address);
      const result = await consumeAccountToken(db, 'email_verification', request.body.code, request.body.email);
      const user = result.ok && result.token.userId !== null ? await findUserById(db, result.token.userId) : undefined;
      if (!user) throw new HttpError(401, INVALID_SIGN_IN_LINK);
      // Failed codes count against the address; a link that worked does not.
      await forgiveRate(db, 'verifyPerAddress', address);
      await refuseUnlessPasswordAllowed(db, config, user.id);
      // The link proves the mailbox: the browser is trusted even when a second factor is still to be entered.
      await trustBrowser(db, request, reply, user.id, config.secureCookies);
      const currentUser = await finishFirstStep(db, config, request, reply, user, 'sign_in_link');
      return { success: true as const, data: { rows: [currentUser] } };
    },
  );
}
