import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botAppearanceRow, saveBotAppearanceRequest } from '@steward/contract/bot-appearance';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { readBotAppearance } from './bot-appearance.repository.ts';
import { saveBotAppearance } from './bot-settings.actions.ts';

/**
 * GET /api/bot-appearance (login): the widget's look, the "don't know" answer and the allowed sites, with
 * the origins the environment allows and the dashboard's address. POST (update_bot_settings) saves them.
 * The widget reads its part from the public GET /api/chat/appearance (modules/chat).
 */
export async function botAppearanceRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/bot-appearance', { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(botAppearanceRow) } } }, async () => ({
    success: true as const,
    data: { rows: [{ ...(await readBotAppearance(db)), environment_origins: config.botAllowedOrigins, public_url: config.publicUrl }] },
  }));

  api.post(
    '/api/bot-appearance',
    { config: { access: canUpdateBotSettings }, schema: { body: saveBotAppearanceRequest, response: { 200: successAnswer } } },
    async (request) => {
      signedIn(request);
      const { appearance } = request.body;
      await db.transaction((tx) => saveBotAppearance(tx, actorOf(request), appearance));
      return { success: true as const };
    },
  );
}
