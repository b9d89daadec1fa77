import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerModelsRow, answerModelTestRow, saveAnswerModelsRequest, testAnswerModelRequest } from '@steward/contract/answer-models';
import { rowsAnswer } from '@steward/contract/envelope';
import { canManageAnswerModels } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { signedInActor } from '../../plugins/access.ts';
import { checkModelServer } from './answer-model-check.ts';
import { answerModelSettings } from './answer-models.actions.ts';
import { followChosenEmbedder } from '../knowledge/knowledge-reindex.actions.ts';

/**
 * Bot Settings' Answers card (docs/bot.md, "Models set up in the dashboard"), administrators only:
 * GET /api/answer-models (the choices in force, no key ever), POST (saves both, audited), POST /test (calls the
 * form's server as the bot would, and says what it answered and how long it took).
 */
export async function answerModelsRoutes(app: FastifyInstance, { db, config, knowledge }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = answerModelSettings(db, config);
  const access = { access: canManageAnswerModels };

  api.get('/api/answer-models', { config: access, schema: { response: { 200: rowsAnswer(answerModelsRow) } } }, async () => ({
    success: true as const,
    data: { rows: [await settings.view()] },
  }));

  api.post(
    '/api/answer-models',
    { config: access, schema: { body: saveAnswerModelsRequest, response: { 200: rowsAnswer(answerModelsRow) } } },
    async (request) => {
      await settings.save(signedInActor(request), request.body);
      // A new embedder re-indexes the knowledge in the background; the active one again cancels that.
      await followChosenEmbedder(db, knowledge, request.log);
      return { success: true as const, data: { rows: [await settings.view()] } };
    },
  );

  api.post(
    '/api/answer-models/test',
    { config: access, schema: { body: testAnswerModelRequest, response: { 200: rowsAnswer(answerModelTestRow) } } },
    async (request) => {
      const { part, server } = request.body;
      const result = await checkModelServer(part, await settings.testedServer(part, server), config.llmTimeoutMs);
      return { success: true as const, data: { rows: [result] } };
    },
  );
}
