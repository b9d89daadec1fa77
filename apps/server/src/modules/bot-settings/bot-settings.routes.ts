import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botSettingRow, PUBLIC_BOT_SETTINGS, saveBotSettingsRequest, type BotSettingType } from '@steward/contract/bot-settings';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { answerModelsRoutes } from './answer-models.routes.ts';
import { botAppearanceRoutes } from './bot-appearance.routes.ts';
import { saveBotSettings } from './bot-settings.actions.ts';
import { readBotSettings } from './bot-settings.repository.ts';
import { funFactRoutes } from './fun-facts.routes.ts';
import { visitorMailRoutes } from './visitor-mail.routes.ts';

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
      await db.transaction((tx) => saveBotSettings(tx, actorOf(request), { supportMessageThreshold, helpRequestEmails }));
      return { success: true as const };
    },
  );

  await funFactRoutes(app, context);
  await botAppearanceRoutes(app, context);
  await visitorMailRoutes(app, context);
  await answerModelsRoutes(app, context);
}
