import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { memberListAnswer, memberListQuery } from '@steward/contract/member-lists';
import { canResetSecondFactor, canSetSecondFactorPolicy } from '@steward/contract/permissions';
import { secondFactorHolderRow, secondFactorPolicyRequest, secondFactorPolicyRow } from '@steward/contract/second-factor';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import { resetSecondFactor, setSecondFactorPolicy } from '../auth/second-factor.actions.ts';
import { listSecondFactorHolders, readSignInPolicy } from '../auth/second-factors.repository.ts';
import { currentSessionOf } from '../auth/sessions.actions.ts';
import { findUserById } from '../auth/users.repository.ts';
import { USER_NOT_FOUND } from './user-accounts.actions.ts';

/** Sign-in security's calls: who has a second factor, resetting a member's (a lost phone), and the policy (off, offered, required). */
export async function secondFactorAdminRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/:id/second-factor/reset',
    { config: { access: canResetSecondFactor }, schema: { params: z.object({ id: idParam }), response: { 200: successAnswer } } },
    async (request) => {
      const actor = signedInActor(request);
      const member = await findUserById(db, request.params.id);
      if (!member) throw new HttpError(404, USER_NOT_FOUND);
      const keep = member.id === actor.id ? currentSessionOf(request) : undefined;
      await db.transaction((tx) => resetSecondFactor(tx, config, actor, member, keep));
      return { success: true as const };
    },
  );

  api.get(
    '/api/second-factors',
    { config: { access: canResetSecondFactor }, schema: { querystring: memberListQuery, response: { 200: memberListAnswer(secondFactorHolderRow) } } },
    async (request) => {
      const { holders, totalCount } = await listSecondFactorHolders(db, request.query);
      const rows = holders.map(({ enrolledAt, ...holder }) => ({ ...holder, enrolled_at: enrolledAt.toISOString() }));
      return { success: true as const, data: { rows, total_count: totalCount } };
    },
  );

  api.get(
    '/api/second-factor-policy',
    { config: { access: canSetSecondFactorPolicy }, schema: { response: { 200: rowsAnswer(secondFactorPolicyRow) } } },
    async () => ({ success: true as const, data: { rows: [{ second_factor: await readSignInPolicy(db) }] } }),
  );

  api.post(
    '/api/second-factor-policy',
    { config: { access: canSetSecondFactorPolicy }, schema: { body: secondFactorPolicyRequest, response: { 200: successAnswer } } },
    async (request) => {
      await db.transaction((tx) => setSecondFactorPolicy(tx, signedInActor(request), request.body.second_factor));
      return { success: true as const };
    },
  );
}
