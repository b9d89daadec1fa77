import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer } from '@steward/contract/envelope';
import {
  createdIntegrationKeyRow,
  createIntegrationKeyRequest,
  integrationKeyRow,
  integrationKeyScopesRequest,
} from '@steward/contract/integration-keys';
import { canManageIntegrations } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedInActor } from '../../plugins/access.ts';
import { changeIntegrationKeyScopes, createIntegrationKey, presentIntegrationKey, revokeIntegrationKey } from './integration-keys.actions.ts';
import { listIntegrationKeys } from './integration-keys.repository.ts';

const idParams = z.object({ id: idParam });

/** Issue 57 (docs/integrations.md): the Integrations screen's keys, administrators only. No answer but the create's holds a key. */
export async function integrationKeysRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/integration-keys',
    { config: { access: canManageIntegrations }, schema: { response: { 200: rowsAnswer(integrationKeyRow) } } },
    async () => ({ success: true as const, data: { rows: (await listIntegrationKeys(db)).map(presentIntegrationKey) } }),
  );

  api.post(
    '/api/integration-keys',
    { config: { access: canManageIntegrations }, schema: { body: createIntegrationKeyRequest, response: { 200: rowsAnswer(createdIntegrationKeyRow) } } },
    async (request, reply) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => createIntegrationKey(tx, actor, request.body, new Date()));
      // The key is in this answer only: no cache, proxy or browser history keeps it.
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/integration-keys/:id/scopes',
    { config: { access: canManageIntegrations }, schema: { params: idParams, body: integrationKeyScopesRequest, response: { 200: rowsAnswer(integrationKeyRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => changeIntegrationKeyScopes(tx, actor, request.params.id, request.body.scopes));
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/integration-keys/:id/revoke',
    { config: { access: canManageIntegrations }, schema: { params: idParams, response: { 200: rowsAnswer(integrationKeyRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => revokeIntegrationKey(tx, actor, request.params.id));
      return { success: true as const, data: { rows: [row] } };
    },
  );
}
