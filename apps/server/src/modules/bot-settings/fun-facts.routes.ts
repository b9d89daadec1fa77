import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editFunFactRequest,
  funFactRow,
  newFunFactsAnswer,
  newFunFactsRequest,
} from '@steward/contract/bot-settings';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { addFunFacts, deleteFunFact, editFunFact } from './bot-settings.actions.ts';
import { listFunFacts } from './fun-facts.repository.ts';

const idParams = z.object({ id: idParam });

export async function funFactRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/fun-facts',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(funFactRow) } } },
    async () => ({ success: true as const, data: { rows: await listFunFacts(db) } }),
  );

  api.post(
    '/api/fun-facts/new',
    { config: { access: canUpdateBotSettings }, schema: { body: newFunFactsRequest, response: { 200: newFunFactsAnswer } } },
    async (request) => {
      const added = await db.transaction((tx) => addFunFacts(tx, actorOf(request), request.body.funFacts));
      return { success: true as const, data: added.map((fact) => ({ rows: [fact] })) };
    },
  );

  api.post(
    '/api/fun-facts/edit/:id',
    {
      config: { access: canUpdateBotSettings },
      schema: { params: idParams, body: editFunFactRequest, response: { 200: rowsAnswer(funFactRow) } },
    },
    async (request) => {
      const saved = await db.transaction((tx) => editFunFact(tx, actorOf(request), request.params.id, request.body.funFact));
      return { success: true as const, data: { rows: [saved] } };
    },
  );

  api.post(
    '/api/fun-facts/delete/:id',
    { config: { access: canUpdateBotSettings }, schema: { params: idParams, response: { 200: successAnswer } } },
    async (request) => {
      await db.transaction((tx) => deleteFunFact(tx, actorOf(request), request.params.id));
      return { success: true as const };
    },
  );
}
