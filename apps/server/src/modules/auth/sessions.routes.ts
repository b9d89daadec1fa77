import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canManageOwnSessions } from '@steward/contract/permissions';
import { SESSION_MESSAGES, sessionRow } from '@steward/contract/sessions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { endOwnSession, listOwnSessions } from './sessions.actions.ts';

/** A member's own signed-in sessions (/user-accounts/{id}/sessions): the list, and ending one. */
export async function sessionsRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member, when the id is their own (403 otherwise, administrators included). */
  const ownAccount = (request: { params: { id: number } } & Parameters<typeof signedIn>[0]) => {
    const viewer = signedIn(request);
    if (!canManageOwnSessions(viewer, request.params.id)) throw new HttpError(403, SESSION_MESSAGES.ownOnly);
    return viewer;
  };

  api.get(
    '/api/user/:id/sessions',
    { config: { access: 'login' }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(sessionRow) } } },
    async (request) => {
      const viewer = ownAccount(request);
      return { success: true as const, data: { rows: await listOwnSessions(db, request, viewer.id) } };
    },
  );

  api.post(
    '/api/user/:id/sessions/:sessionId/end',
    { config: { access: 'login' }, schema: { params: z.object({ id: idParam, sessionId: idParam }), response: { 200: successAnswer } } },
    async (request, reply) => {
      const viewer = ownAccount(request);
      // The owner is the caller's session's user, never an id the client sends: another member's session is a 404.
      const { wasCurrent } = await db.transaction((tx) => endOwnSession(tx, signedInActor(request), request, viewer, request.params.sessionId));
      if (wasCurrent) clearSessionCookie(reply);
      return { success: true as const };
    },
  );
}
