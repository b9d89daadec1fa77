import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeThemeRequest, currentUserRow, loginRequest } from '@steward/contract/auth';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canChangeTheme } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn } from '../../plugins/access.ts';
import { saveTheme } from './users.repository.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { signIn, signOut } from './auth.actions.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { clearSessionCookie, sessionIdOf } from './session-cookie.ts';

export async function authRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => ({ success: true as const, data: { rows: [await signIn(db, config, request, reply, request.body)] } }),
  );

  api.get(
    '/api/logout',
    // A GET (spec section 7) that ends a session: refused cross-site like any POST (plugins/csrf.ts).
    { config: { access: 'public', sameSiteOnly: true }, schema: { response: { 200: successAnswer } } },
    async (request, reply) => {
      const sessionId = sessionIdOf(request);
      // Only a live session is a sign-out; a stale cookie ends nothing.
      if (sessionId) await db.transaction((tx) => signOut(tx, actorOf(request), sessionId, request.viewer));
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
