import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer } from '@steward/contract/envelope';
import { memberListAnswer, memberListQuery } from '@steward/contract/member-lists';
import { canEndMemberSessions } from '@steward/contract/permissions';
import { endedSessionsRow, staffSessionsRow } from '@steward/contract/sessions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import { currentSessionOf, endMemberSessions } from '../auth/sessions.actions.ts';
import { listStaffWithSessions } from '../auth/sessions.repository.ts';
import { findUserById } from '../auth/users.repository.ts';
import { USER_NOT_FOUND } from './user-accounts.actions.ts';

/** Sign-in security's sessions card: who has live sessions, and ending all of a member's (a lost laptop). */
export async function sessionsAdminRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/staff-sessions',
    { config: { access: canEndMemberSessions }, schema: { querystring: memberListQuery, response: { 200: memberListAnswer(staffSessionsRow) } } },
    async (request) => {
      const { staff, totalCount } = await listStaffWithSessions(db, request.query);
      const rows = staff.map(({ lastSeenAt, ...member }) => ({ ...member, last_seen_at: lastSeenAt.toISOString() }));
      return { success: true as const, data: { rows, total_count: totalCount } };
    },
  );

  api.post(
    '/api/user/:id/sessions/end-all',
    { config: { access: canEndMemberSessions }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(endedSessionsRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const member = await findUserById(db, request.params.id);
      if (!member) throw new HttpError(404, USER_NOT_FOUND);
      // An administrator ending their own sessions stays signed in here.
      const keep = member.id === actor.id ? currentSessionOf(request) : undefined;
      const ended = await db.transaction((tx) => endMemberSessions(tx, actor, member, 'administrator', keep));
      return { success: true as const, data: { rows: [{ ended }] } };
    },
  );
}
