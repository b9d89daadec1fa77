import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { canViewPersonalData } from '@steward/contract/permissions';
import { revealedPersonalDataRow, revealPersonalDataRequest } from '@steward/contract/personal-data';
import type { AppContext } from '../../app-context.ts';
import { signedInActor } from '../../plugins/access.ts';
import { revealPersonalData } from './personal-data.actions.ts';

/** Reveal: one record's personal fields, whole, audited (docs/privacy.md). Everything else answers them masked. */
export async function personalDataRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/personal-data/reveal',
    {
      config: { access: canViewPersonalData },
      schema: { body: revealPersonalDataRequest, response: { 200: rowsAnswer(revealedPersonalDataRow) } },
    },
    async (request) => {
      const actor = signedInActor(request);
      const rows = await db.transaction((tx) => revealPersonalData(tx, actor, request.body));
      return { success: true as const, data: { rows } };
    },
  );
}
