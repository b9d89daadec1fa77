import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canErasePersonalData, canUpdateBotSettings } from '@steward/contract/permissions';
import { personalDataCountRow, personalDataRequest, retentionPreviewRow, retentionRow, saveRetentionRequest } from '@steward/contract/privacy';
import type { AppContext } from '../../app-context.ts';
import { signedInActor } from '../../plugins/access.ts';
import { retentionRows } from '../bot-settings/data-retention.repository.ts';
import { erasePersonalData, findPersonalData, saveDataRetention } from './privacy.actions.ts';
import { previewRetentionPurge } from './retention-preview.repository.ts';

/**
 * Issue 43 (docs/privacy.md): Bot Settings' Data retention, read by every staff member and saved by holders of
 * update_bot_settings (a call of its own, so POST /api/bot-settings keeps the spec's body), and the erasure of
 * what is stored about one visitor, for holders of erase_personal_data.
 */
export async function privacyRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/data-retention',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(retentionRow) } } },
    async () => ({ success: true as const, data: { rows: await retentionRows(db, config) } }),
  );

  api.post(
    '/api/data-retention',
    { config: { access: canUpdateBotSettings }, schema: { body: saveRetentionRequest, response: { 200: successAnswer } } },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => saveDataRetention(tx, actor, request.body.retention));
      return { success: true as const };
    },
  );

  // Before a shorter retention is saved: how many rows it deletes within the hour (read only; the body is the save's).
  api.post(
    '/api/data-retention/preview',
    { config: { access: canUpdateBotSettings }, schema: { body: saveRetentionRequest, response: { 200: rowsAnswer(retentionPreviewRow) } } },
    async (request) => ({ success: true as const, data: { rows: await previewRetentionPurge(db, request.body.retention) } }),
  );

  api.post(
    '/api/personal-data/find',
    { config: { access: canErasePersonalData }, schema: { body: personalDataRequest, response: { 200: rowsAnswer(personalDataCountRow) } } },
    async (request) => ({ success: true as const, data: { rows: await findPersonalData(db, config.dataDir, request.body) } }),
  );

  api.post(
    '/api/personal-data/erase',
    { config: { access: canErasePersonalData }, schema: { body: personalDataRequest, response: { 200: rowsAnswer(personalDataCountRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      return { success: true as const, data: { rows: await erasePersonalData(db, config.dataDir, actor, request.body) } };
    },
  );
}
