import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botSettingRow, PUBLIC_BOT_SETTINGS, saveBotSettingsRequest, type BotSettingType } from '@steward/contract/bot-settings';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { readBotSettings, saveBotSetting } from './bot-settings.repository.ts';
import { botAppearanceRoutes } from './bot-appearance.routes.ts';
import { funFactRoutes } from './fun-facts.routes.ts';

export async function botSettingsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bot-settings',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(botSettingRow) } } },
    async (request) => {
      // The chatbot calls this without cookies: it gets the public settings only. The
      // notification addresses are for those who may change them.
      const mayEdit = request.viewer ? canUpdateBotSettings(request.viewer) : false;
      const types: BotSettingType[] = mayEdit ? ['supportMessageThreshold', 'helpRequestEmails'] : [...PUBLIC_BOT_SETTINGS];
      return { success: true as const, data: { rows: await readBotSettings(db, types) } };
    },
  );

  api.post(
    '/api/bot-settings',
    { config: { access: canUpdateBotSettings }, schema: { body: saveBotSettingsRequest, response: { 200: successAnswer } } },
    async (request) => {
      signedIn(request);
      const { supportMessageThreshold, helpRequestEmails } = request.body.settings;
      await db.transaction(async (tx) => {
        if (supportMessageThreshold !== undefined) await saveBotSetting(tx, 'supportMessageThreshold', String(supportMessageThreshold));
        if (helpRequestEmails !== undefined) await saveBotSetting(tx, 'helpRequestEmails', JSON.stringify(helpRequestEmails));
        // The threshold as set; of the addresses only how many, so the log holds no list of emails.
        const details = {
          ...(supportMessageThreshold === undefined ? {} : { supportMessageThreshold }),
          ...(helpRequestEmails === undefined ? {} : { helpRequestEmails: helpRequestEmails.length }),
        };
        await recordAudit(tx, actorOf(request), { action: 'bot_settings_changed', object: { type: 'bot_settings', id: null, label: 'Bot settings' }, details });
      });
      return { success: true as const };
    },
  );

  await funFactRoutes(app, context);
  await botAppearanceRoutes(app, context);
}
