import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserRow } from '@steward/contract/auth';
import { rowsAnswer } from '@steward/contract/envelope';
import { addPasskeyRequest, passkeyOptionsRow, passkeySignInAvailabilityRow, passkeySignInRequest } from '@steward/contract/passkeys';
import { SECOND_FACTOR_MESSAGES } from '@steward/contract/second-factor';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addPasskey, checkSecondStepPasskey, passkeySignInAvailable, signInWithPasskey, startAddingPasskey, startPasskeySignIn, startSecondStepWithPasskey } from './passkey.actions.ts';
import { completeSignIn, pendingSignIn } from './second-factor-sign-in.ts';
import { findUserById } from './users.repository.ts';

/**
 * Signing in with a passkey: as sign-in's second step (for the browser's pending sign-in only, as a code is), adding
 * one as the second factor an administrator requires (the enrolment step, beside the authenticator app), and, while
 * Sign-in security offers second factors, with no password at all. Public calls.
 */
export async function passkeySignInRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const pendingMember = async (request: Parameters<typeof pendingSignIn>[1], step: 'code' | 'enrol' = 'code') => {
    const pending = await pendingSignIn(db, request);
    const user = await findUserById(db, pending.userId);
    if (!user) throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired, 'none');
    if (pending.step !== step) throw new HttpError(409, step === 'code' ? SECOND_FACTOR_MESSAGES.enrolNeeded : SECOND_FACTOR_MESSAGES.codeNeeded, 'none');
    return { pending, user };
  };

  api.post(
    '/api/sign-in/second-factor/passkey/options',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(passkeyOptionsRow) } } },
    async (request) => {
      const { user } = await pendingMember(request);
      return { success: true as const, data: { rows: [await startSecondStepWithPasskey(db, config, user)] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor/passkey',
    { config: { access: 'public' }, schema: { body: passkeySignInRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      const { pending, user } = await pendingMember(request);
      await checkSecondStepPasskey(db, config, request, user, request.body);
      return { success: true as const, data: { rows: [await completeSignIn(db, config, request, reply, pending, user, 'passkey')] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor/passkey/enrol/options',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(passkeyOptionsRow) } } },
    async (request) => {
      const { user } = await pendingMember(request, 'enrol');
      return { success: true as const, data: { rows: [await startAddingPasskey(db, config, user)] } };
    },
  );

  api.post(
    '/api/sign-in/second-factor/passkey/enrol',
    { config: { access: 'public' }, schema: { body: addPasskeyRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => {
      const { pending, user } = await pendingMember(request, 'enrol');
      await addPasskey(db, config, request, user, request.body, 401);
      return { success: true as const, data: { rows: [await completeSignIn(db, config, request, reply, pending, user, 'passkey')] } };
    },
  );

  api.get(
    '/api/sign-in/passkey',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(passkeySignInAvailabilityRow) } } },
    async () => ({ success: true as const, data: { rows: [{ available: await passkeySignInAvailable(db, config) }] } }),
  );

  api.post(
    '/api/sign-in/passkey/options',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(passkeyOptionsRow) } } },
    async (request) => ({ success: true as const, data: { rows: [await startPasskeySignIn(db, config, request)] } }),
  );

  api.post(
    '/api/sign-in/passkey',
    { config: { access: 'public' }, schema: { body: passkeySignInRequest, response: { 200: rowsAnswer(currentUserRow) } } },
    async (request, reply) => ({ success: true as const, data: { rows: [await signInWithPasskey(db, config, request, reply, request.body)] } }),
  );
}
