import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOT_SETTINGS_MESSAGES,
  editFunFactRequest,
  funFactRow,
  newFunFactsAnswer,
  newFunFactsRequest,
} from '@steward/contract/bot-settings';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { actorOf, type AuditObject, recordAudit } from '../audit-log/record-audit.ts';
import { addFunFacts, deleteFunFact, listFunFacts, saveFunFact } from './fun-facts.repository.ts';

const idParams = z.object({ id: idParam });

/** A fun fact as the audit log names it: by its text. */
const funFactObject = (fact: { id: number; fact: string }): AuditObject => ({ type: 'fun_fact', id: fact.id, label: fact.fact });

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
      const added = await db.transaction(async (tx) => {
        const facts = await addFunFacts(tx, request.body.funFacts);
        for (const fact of facts) await recordAudit(tx, actorOf(request), { action: 'fun_fact_added', object: funFactObject(fact) });
        return facts;
      });
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
      const saved = await db.transaction(async (tx) => {
        const fact = await saveFunFact(tx, request.params.id, request.body.funFact);
        if (!fact) throw new HttpError(404, BOT_SETTINGS_MESSAGES.funFactNotFound);
        await recordAudit(tx, actorOf(request), { action: 'fun_fact_edited', object: funFactObject(fact) });
        return fact;
      });
      return { success: true as const, data: { rows: [saved] } };
    },
  );

  api.post(
    '/api/fun-facts/delete/:id',
    { config: { access: canUpdateBotSettings }, schema: { params: idParams, response: { 200: successAnswer } } },
    async (request) => {
      await db.transaction(async (tx) => {
        const fact = await deleteFunFact(tx, request.params.id);
        if (!fact) throw new HttpError(404, BOT_SETTINGS_MESSAGES.funFactNotFound);
        await recordAudit(tx, actorOf(request), { action: 'fun_fact_deleted', object: funFactObject(fact) });
      });
      return { success: true as const };
    },
  );
}
