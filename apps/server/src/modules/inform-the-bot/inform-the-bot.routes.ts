import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import {
  approvalQueueRow,
  approveInformTheBotRequest,
  createInformTheBotRequest,
  editInformTheBotRequest,
  INFORM_THE_BOT_MESSAGES,
  informTheBotListQuery,
  informTheBotRow,
  replayRow,
} from '@steward/contract/inform-the-bot';
import {
  canCreateInformation,
  canDeleteInformation,
  canEditInformation,
  canReadInformTheBot,
  canReviewInformation,
  REVIEW_INFORMATION_CAPABILITY,
} from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import { findUsersHolding } from '../auth/users.repository.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { approveInformation, createInformation, deleteInformation, editInformation } from './inform-the-bot.actions.ts';
import { maskReplayRow, presentInformTheBotItem } from './inform-the-bot.presenter.ts';
import { INFORM_THE_BOT_COUNTER } from './inform-the-bot.counters.ts';
import { replayCorrection } from './correction-replay.repository.ts';
import { countPending, findInformTheBotItem, listInformTheBotPage } from './inform-the-bot.repository.ts';
import { informTheBotUploadRoute } from './inform-the-bot.upload.ts';

const idParams = z.object({ id: idParam });

export async function informTheBotRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/inform-the-bot/:pageIndex',
    {
      config: { access: canReadInformTheBot },
      schema: { params: z.object({ pageIndex: pageIndexParam }), querystring: informTheBotListQuery, response: { 200: rowsAnswer(informTheBotRow) } },
    },
    async (request) => {
      const pendingOnly = request.query.status === 'pending';
      const { items, totalCount } = await listInformTheBotPage(db, request.params.pageIndex, { pendingOnly });
      return { success: true as const, data: { rows: items.map((item) => presentInformTheBotItem(item, totalCount)) } };
    },
  );

  // A static segment, so Fastify routes it before `/:pageIndex` above.
  api.get(
    '/api/inform-the-bot/approval-queue',
    { config: { access: canReadInformTheBot }, schema: { response: { 200: rowsAnswer(approvalQueueRow) } } },
    async (request) => {
      const viewer = signedIn(request);
      const awaitingYou = canReviewInformation(viewer) ? await countPending(db, viewer.id) : 0;
      const approvers = (await findUsersHolding(db, REVIEW_INFORMATION_CAPABILITY)).length;
      return { success: true as const, data: { rows: [{ awaiting_you: awaitingYou, approvers }] } };
    },
  );

  // Before approving a correction: the past questions it would have answered, the answer then beside it.
  api.get(
    '/api/inform-the-bot/:id/replay',
    { config: { access: canReviewInformation }, schema: { params: idParams, response: { 200: rowsAnswer(replayRow) } } },
    async (request) => {
      const item = await findInformTheBotItem(db, request.params.id);
      if (!item) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
      const rows = item.question === null ? [] : await replayCorrection(db, { question: item.question, content: item.content });
      const shown = maskIf(await readPersonalDataMasking(db), maskReplayRow);
      return { success: true as const, data: { rows: rows.map(shown) } };
    },
  );

  api.post(
    '/api/inform-the-bot',
    {
      config: { access: canCreateInformation },
      schema: { body: createInformTheBotRequest, response: { 200: rowsAnswer(informTheBotRow) } },
    },
    async (request) => {
      const actor = signedInActor(request);
      const rows = await db.transaction(async (tx) => {
        const { content, question } = request.body;
        const item = question === undefined ? { content, type: 'information' as const } : { content, type: 'correction' as const, question };
        const created = await createInformation(tx, actor, config, [item]);
        const totalCount = await readCounter(tx, INFORM_THE_BOT_COUNTER);
        return created.map((item) => presentInformTheBotItem(item, totalCount));
      });
      return { success: true as const, data: { rows } };
    },
  );

  await informTheBotUploadRoute(app, context);

  api.post(
    '/api/inform-the-bot/edit/:id',
    {
      config: { access: canEditInformation },
      schema: { params: idParams, body: editInformTheBotRequest, response: { 200: rowsAnswer(informTheBotRow) } },
    },
    async (request) => {
      const actor = signedInActor(request);
      const row = await db.transaction(async (tx) => {
        const saved = await editInformation(tx, actor, request.params.id, request.body.content);
        return presentInformTheBotItem(saved, await readCounter(tx, INFORM_THE_BOT_COUNTER));
      });
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/inform-the-bot/approve/:id',
    {
      config: { access: canReviewInformation },
      schema: { params: idParams, body: approveInformTheBotRequest, response: { 200: successAnswer } },
    },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => approveInformation(tx, actor, signedIn(request), request.params.id, request.body?.content));
      return { success: true as const };
    },
  );

  // Deleting an item deletes its chunks with it (ON DELETE CASCADE).
  api.post(
    '/api/inform-the-bot/delete/:id',
    { config: { access: canDeleteInformation }, schema: { params: idParams, response: { 200: successAnswer } } },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => deleteInformation(tx, actor, request.params.id));
      return { success: true as const };
    },
  );
}
