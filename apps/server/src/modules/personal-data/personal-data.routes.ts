import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings, canViewPersonalData } from '@steward/contract/permissions';
import {
  personalDataMaskingRow,
  revealedPersonalDataRow,
  revealPersonalDataRequest,
  savePersonalDataMaskingRequest,
} from '@steward/contract/personal-data';
import type { AppContext } from '../../app-context.ts';
import { signedInActor } from '../../plugins/access.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { revealPersonalData, setPersonalDataMasking } from './personal-data.actions.ts';

/**
 * Masking visitors' personal data (docs/privacy.md): the setting, off by default, read by every staff member and
 * changed by holders of update_bot_settings (audited); and Reveal, one record's personal fields whole, audited.
 */
export async function personalDataRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/personal-data/masking',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(personalDataMaskingRow) } } },
    async () => ({ success: true as const, data: { rows: [{ masked: await readPersonalDataMasking(db) }] } }),
  );

  api.post(
    '/api/personal-data/masking',
    { config: { access: canUpdateBotSettings }, schema: { body: savePersonalDataMaskingRequest, response: { 200: rowsAnswer(personalDataMaskingRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const { masked } = request.body;
      await db.transaction((tx) => setPersonalDataMasking(tx, actor, masked));
      return { success: true as const, data: { rows: [{ masked }] } };
    },
  );

  // Answers the record whole whichever the setting: with masking off it shows no more than the screens do (and the
  // dashboard offers no Reveal then); a reveal asked for is recorded all the same.
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
