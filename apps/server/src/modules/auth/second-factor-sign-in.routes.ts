import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { enrolAndSignInRow, pendingSignInRow, SECOND_FACTOR_MESSAGES, secondFactorCodeRequest, secondFactorEnrolmentRow } from '@steward/contract/second-factor';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkSecondFactorCode, confirmEnrolment, startEnrolment } from './second-factor.actions.ts';
import { completeSignIn, pendingSignIn, secondFactorsOf } from './second-factor-sign-in.ts';
import { findUserById } from './users.repository.ts';

/**
 * Sign-in's second step (second-factor-sign-in.ts): public calls that act only for the browser's pending sign-in
 * (its httpOnly cookie), never for an id the client names. A code, or, while administrators require a second
 * factor of a member who has none, setting one up first.
 */
export async function secondFactorSignInRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const pendingMember = async (request: Parameters<typeof pendingSignIn>[1], step: 'code' | 'enrol') => {
    const pending = await pendingSignIn(db, request);
    const user = await findUserById(db, pending.userId);
    if (!user) throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired, 'none');
    if (pending.step !== step) throw new HttpError(409, step === 'code' ? SECOND_FACTOR_MESSAGES.enrolNeeded : SECOND_FACTOR_MESSAGES.codeNeeded, 'none');
    return { pending, user };
  };

  api.get(
    '/api/sign-in/second-factor',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(pendingSignInRow) } } },
    async (request) => {
      const pending = await pendingSignIn(db, request);
      return { success: true as const, data: { rows: [{ step: pending.step, ...(await secondFactorsOf(db, pending.userId)) }] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor',
    { config: { access: 'public' }, schema: { body: secondFactorCodeRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      const { pending, user } = await pendingMember(request, 'code');
      const kind = await checkSecondFactorCode(db, config, request, user, request.body.code, { where: 'sign_in', status: 401 });
      return { success: true as const, data: { rows: [await completeSignIn(db, config, request, reply, pending, user, kind)] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor/start',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(secondFactorEnrolmentRow) } } },
    async (request) => {
      const { user } = await pendingMember(request, 'enrol');
      return { success: true as const, data: { rows: [await startEnrolment(db, config, user)] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor/enrol',
    { config: { access: 'public' }, schema: { body: secondFactorCodeRequest, response: { 200: rowsAnswer(enrolAndSignInRow) } } },
    async (request, reply) => {
      const { pending, user } = await pendingMember(request, 'enrol');
      const codes = await confirmEnrolment(db, config, request, user, request.body.code, 401);
      const currentUser = await completeSignIn(db, config, request, reply, pending, user, 'totp');
      return { success: true as const, data: { rows: [{ ...currentUser, recovery_codes: codes }] } };
    },
  );
}
