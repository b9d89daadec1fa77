import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVALID_SIGN_IN_LINK, verifyEmailCodeRequest } from '@steward/contract/accounts';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { presentCurrentUser } from '../auth/auth.presenter.ts';
import { createSession, findSessionUser } from '../auth/sessions.repository.ts';
import { findUserById, type UserRecord } from '../users/users.repository.ts';
import { signInLinkMail } from './account-mails.ts';
import { limitRate } from './account-rate-limits.ts';
import { consumeAccountToken, createAccountToken, SIGN_IN_LINK_TTL_MS } from './account-tokens.repository.ts';
import { trustBrowser } from './trusted-browsers.repository.ts';

/** Mails a one-time sign-in link `/?email=…&verificationCode=…` (login's second step under LOGIN_EMAIL_CHECK). */
export async function mailSignInLink(db: Db, config: Config, user: UserRecord): Promise<void> {
  await limitRate(db, 'signInMailPerEmail', user.email, 'none');
  await db.transaction(async (tx) => {
    const code = await createAccountToken(tx, { purpose: 'email_verification', email: user.email, userId: user.id, ttlMs: SIGN_IN_LINK_TTL_MS });
    const link = `${config.publicUrl}/?${new URLSearchParams({ email: user.email, verificationCode: code }).toString()}`;
    await enqueueMail(tx, signInLinkMail({ to: user.email, name: user.name, assistantName: config.assistantName, link }));
  });
}

/** POST /api/verify-email-code: signs in with a mailed one-time code and trusts this browser. */
export async function signInLinkRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/verify-email-code',
    { config: { access: 'public' }, schema: { body: verifyEmailCodeRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      await limitRate(db, 'verifyPerAddress', request.ip);
      const result = await consumeAccountToken(db, 'email_verification', request.body.code, request.body.email);
      const user = result.ok && result.token.userId !== null ? await findUserById(db, result.token.userId) : undefined;
      if (!user) throw new HttpError(401, INVALID_SIGN_IN_LINK);
      const session = await createSession(db, { userId: user.id, ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, session.sessionId, session.expiresAt, config.secureCookies);
      await trustBrowser(db, request, reply, user.id, config.secureCookies);
      const sessionUser = await findSessionUser(db, session.sessionId);
      if (!sessionUser) throw new Error('A session just created could not be read back.');
      return { success: true as const, data: { rows: [presentCurrentUser(sessionUser)] } };
    },
  );
}
