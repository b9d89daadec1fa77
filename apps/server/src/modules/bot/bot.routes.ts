import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botFeedbackRequest, botHelpRequestRequest, botMessageRequest, botMessageRow, createdIdRow } from '@steward/contract/bot';
import { rowsAnswer } from '@steward/contract/envelope';
import type { AppContext } from '../../app-context.ts';
import { rateAnswer } from '../feedback/feedback.actions.ts';
import { receiveHelpRequest } from '../help-requests/help-requests.actions.ts';
import { recordExchange } from '../history/history.actions.ts';
import { sanitizeBotAnswerHtml } from '../../lib/bot-answer-html.ts';
import { visitorCountry } from '../../lib/country-lookup.ts';
import { botAccess } from '../../plugins/access.ts';

/** When it happened: the bot's time, or now. */
const timeOf = (time: string | undefined): Date => (time ? new Date(time) : new Date());

/** The chatbot's calls (server to server, `Authorization: Bearer <key>`, each with its scope). See docs/bot-api.md. */
export async function botRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const dashboardOrigin = new URL(config.publicUrl).origin;

  api.post(
    '/api/bot/messages',
    { config: { access: botAccess('exchanges') }, schema: { body: botMessageRequest, response: { 200: rowsAnswer(botMessageRow) } } },
    async (request) => {
      const body = request.body;
      // Stored as staff will open it: the contract's allow-list (issue 52), whatever the chatbot sent.
      const apiResponse = sanitizeBotAnswerHtml(body.api_response, dashboardOrigin);
      const row = await db.transaction((tx) => recordExchange(tx, { ...body, api_response: apiResponse, time: timeOf(body.time), country: visitorCountry(body) }));
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/bot/feedback',
    { config: { access: botAccess('ratings') }, schema: { body: botFeedbackRequest, response: { 200: rowsAnswer(createdIdRow) } } },
    async (request) => {
      const body = request.body;
      const row = await db.transaction((tx) => rateAnswer(tx, { ...body, time: timeOf(body.time), country: visitorCountry(body) }));
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/bot/help-requests',
    { config: { access: botAccess('help_requests') }, schema: { body: botHelpRequestRequest, response: { 200: rowsAnswer(createdIdRow) } } },
    async (request) => {
      const body = request.body;
      const row = await db.transaction((tx) => receiveHelpRequest(tx, { ...body, time: timeOf(body.time), country: visitorCountry(body) }));
      return { success: true as const, data: { rows: [row] } };
    },
  );
}
