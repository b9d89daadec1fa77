import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { addPasskeyRequest, passkeyOptionsRow, passkeyRow, renamePasskeyRequest } from '@steward/contract/passkeys';
import { canManageOwnSecondFactor } from '@steward/contract/permissions';
import { removeSecondFactorRequest } from '@steward/contract/second-factor';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedIn } from '../../plugins/access.ts';
import { addPasskey, ownPasskeys, removeOwnPasskey, renameOwnPasskey, startAddingPasskey } from './passkey.actions.ts';
import { findUserById } from './users.repository.ts';

const OWN_PASSKEYS_ONLY = 'You can only manage the passkeys of your own account.';
const params = z.object({ id: idParam });
const passkeyParams = z.object({ id: idParam, passkeyId: idParam });

/** A member's own passkeys, from their Second factor page: the list, adding one, renaming and removing one. */
export async function passkeyRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member, when the id is their own (403 otherwise, administrators included). */
  const ownAccount = async (request: { params: { id: number } } & Parameters<typeof signedIn>[0]) => {
    const viewer = signedIn(request);
    if (!canManageOwnSecondFactor(viewer, request.params.id)) throw new HttpError(403, OWN_PASSKEYS_ONLY);
    const user = await findUserById(db, viewer.id);
    if (!user) throw new HttpError(404, 'This user no longer exists.');
    return user;
  };

  api.get(
    '/api/user/:id/passkeys',
    { config: { access: 'login' }, schema: { params, response: { 200: rowsAnswer(passkeyRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      return { success: true as const, data: { rows: await ownPasskeys(db, user.id) } };
    },
  );

  api.post(
    '/api/user/:id/passkeys/options',
    { config: { access: 'login' }, schema: { params, response: { 200: rowsAnswer(passkeyOptionsRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      return { success: true as const, data: { rows: [await startAddingPasskey(db, config, user)] } };
    },
  );

  api.post(
    '/api/user/:id/passkeys',
    { config: { access: 'login' }, schema: { params, body: addPasskeyRequest, response: { 200: rowsAnswer(passkeyRow) } } },
    async (request) => {
      const user = await ownAccount(request);
      return { success: true as const, data: { rows: [await addPasskey(db, config, request, user, request.body)] } };
    },
  );

  api.post(
    '/api/user/:id/passkeys/:passkeyId/rename',
    { config: { access: 'login' }, schema: { params: passkeyParams, body: renamePasskeyRequest, response: { 200: successAnswer } } },
    async (request) => {
      const user = await ownAccount(request);
      await renameOwnPasskey(db, request, user, request.params.passkeyId, request.body.name);
      return { success: true as const };
    },
  );

  api.post(
    '/api/user/:id/passkeys/:passkeyId/remove',
    { config: { access: 'login' }, schema: { params: passkeyParams, body: removeSecondFactorRequest, response: { 200: successAnswer } } },
    async (request) => {
      const user = await ownAccount(request);
      await removeOwnPasskey(db, config, request, user, request.params.passkeyId, request.body);
      return { success: true as const };
    },
  );
}
