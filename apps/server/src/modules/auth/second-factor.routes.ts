import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canManageOwnSecondFactor } from '@steward/contract/permissions';
import {
  recoveryCodesRow,
  removeSecondFactorRequest,
  secondFactorCodeRequest,
  secondFactorEnrolmentRow,
  secondFactorStatusRow,
} from '@steward/contract/second-factor';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn } from '../../plugins/access.ts';
import { assertSecondFactorOffered, confirmEnrolment, removeOwnSecondFactor, renewRecoveryCodes, secondFactorStatus, startEnrolment } from './second-factor.actions.ts';
import { findUserById } from './users.repository.ts';

const OWN_SECOND_FACTOR_ONLY = 'You can only manage the second factor of your own account.';
const params = z.object({ id: idParam });

/** A member's own second factor, from their account page: its state, setting it up, removing it, new recovery codes. */
export async function secondFactorRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member, when the id is their own (403 otherwise, administrators included). */
  const ownAccount = async (request: { params: { id: number } } & Parameters<typeof signedIn>[0]) => {
    const viewer = signedIn(request);
    if (!canManageOwnSecondFactor(viewer, request.params.id)) throw new HttpError(403, OWN_SECOND_FACTOR_ONLY);
    const user = await findUserById(db, viewer.id);
    if (!user) throw new HttpError(404, 'This user no longer exists.');
    return user;
  };

  api.get(
    '/api/user/:id/second-factor',
    { config: { access: 'login' }, schema: { params, response: { 200: rowsAnswer(secondFactorStatusRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      return { success: true as const, data: { rows: [await secondFactorStatus(db, config, user.id)] } };
    },
  );

  api.post(
    '/api/user/:id/second-factor/start',
    { config: { access: 'login' }, schema: { params, response: { 200: rowsAnswer(secondFactorEnrolmentRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      await assertSecondFactorOffered(db);
      return { success: true as const, data: { rows: [await startEnrolment(db, config, user)] } };
    },
  );

  api.post(
    '/api/user/:id/second-factor/confirm',
    { config: { access: 'login' }, schema: { params, body: secondFactorCodeRequest, response: { 200: rowsAnswer(recoveryCodesRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      await assertSecondFactorOffered(db);
      const codes = await confirmEnrolment(db, config, request, user, request.body.code, 400);
      return { success: true as const, data: { rows: [{ recovery_codes: codes }] } };
    },
  );

  api.post(
    '/api/user/:id/second-factor/recovery-codes',
    { config: { access: 'login' }, schema: { params, body: secondFactorCodeRequest, response: { 200: rowsAnswer(recoveryCodesRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      const codes = await renewRecoveryCodes(db, config, request, user, request.body.code);
      return { success: true as const, data: { rows: [{ recovery_codes: codes }] } };
    },
  );

  api.post(
    '/api/user/:id/second-factor/remove',
    { config: { access: 'login' }, schema: { params, body: removeSecondFactorRequest, response: { 200: successAnswer } } },
    async (request) => {
      const user = await ownAccount(request);
      await removeOwnSecondFactor(db, config, request, user, request.body);
      return { success: true as const };
    },
  );
}
