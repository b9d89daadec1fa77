import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeThemeRequest, currentUserRow, LOGIN_MESSAGES, loginRequest, SIGN_IN_LINK_SENT } from '@steward/contract/auth';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canChangeTheme } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { signedIn } from '../../plugins/access.ts';
import { findUserByEmail, normaliseEmail, saveTheme } from './users.repository.ts';
import { actorOf, anonymousActor, recordAudit } from '../audit-log/record-audit.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { deviceOf } from './device-cookies.ts';
import { countFailedSignIn } from './login-alert.ts';
import { claimLoginAttempt } from './login-throttle.ts';
import { clearSessionCookie, sessionIdOf } from './session-cookie.ts';
import { deleteSession } from './sessions.repository.ts';
import { mailSignInLink } from './sign-in-link.ts';
import { startSession } from './start-session.ts';
import { browserIdOf, isTrustedBrowser } from './trusted-browsers.repository.ts';

export async function authRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const user = await findUserByEmail(db, email);
      // Claimed before the password is checked: a throttled pair, device or address gets a 429 and no check.
      const attempt = await claimLoginAttempt(db, { email, ip: request.ip, device: user ? await deviceOf(db, request, user.id) : undefined });
      const passwordMatches = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : (await burnPasswordCheck(request.body.password), false);
      // One message, in one place, for an unknown email and a wrong password: no account enumeration.
      if (!user || !passwordMatches) {
        await recordAudit(db, anonymousActor(request, email), {
          action: 'sign_in_failed',
          ...(user ? { object: { type: 'user' as const, id: user.id, label: user.name } } : {}),
          details: { reason: user ? 'wrong_password' : 'unknown_email' },
        });
        await countFailedSignIn(db, config, request, email, user);
        throw new HttpError(401, LOGIN_MESSAGES.wrongCredentials, 'none');
      }
      await attempt.succeeded();
      // LOGIN_EMAIL_CHECK: a browser not verified lately gets a mailed sign-in link instead of a session.
      if (config.loginEmailCheck && !(await isTrustedBrowser(db, user.id, browserIdOf(request)))) {
        await mailSignInLink(db, config, user);
        throw new HttpError(401, SIGN_IN_LINK_SENT, 'none');
      }
      return { success: true as const, data: { rows: [await startSession(db, config, request, reply, user, 'password')] } };
    },
  );

  api.get(
    '/api/logout',
    // A GET (spec section 7) that ends a session: answered to the dashboard's own call only (plugins/csrf.ts).
    { config: { access: 'public', scriptedOnly: true }, schema: { response: { 200: successAnswer } } },
    async (request, reply) => {
      const sessionId = sessionIdOf(request);
      const viewer = request.viewer;
      if (sessionId) {
        await db.transaction(async (tx) => {
          await deleteSession(tx, sessionId);
          // Only a live session is a sign-out; a stale cookie ends nothing.
          if (viewer) await recordAudit(tx, actorOf(request), { action: 'sign_out', object: { type: 'user', id: viewer.id, label: viewer.name } });
        });
      }
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  api.get(
    '/api/authenticate-user',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(currentUserRow) } } },
    async (request) => ({ success: true as const, data: { rows: [presentCurrentUser(signedIn(request))] } }),
  );

  api.post(
    '/api/user/change-theme',
    { config: { access: 'login' }, schema: { body: changeThemeRequest, response: { 200: successAnswer } } },
    async (request) => {
      const viewer = signedIn(request);
      // The id in the body is the spec's; the session, not the client, says whose theme this is.
      if (!canChangeTheme(viewer, request.body.id)) throw new HttpError(403, 'You can only change your own theme.');
      await saveTheme(db, viewer.id, request.body.theme);
      return { success: true as const };
    },
  );
}
