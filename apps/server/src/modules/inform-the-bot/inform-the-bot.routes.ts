import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import {
  approveInformTheBotRequest,
  createInformTheBotRequest,
  editInformTheBotRequest,
  INFORM_THE_BOT_MESSAGES,
  informTheBotRow,
} from '@steward/contract/inform-the-bot';
import {
  canApproveInformation,
  canCreateInformation,
  canDeleteInformation,
  canEditInformation,
  canReadInformTheBot,
  canReviewInformation,
} from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf, recordAudit } from '../audit-log/record-audit.ts';
import { informationObject, recordInformationCreated } from './inform-the-bot-audit.ts';
import { presentInformTheBotItem } from './inform-the-bot.presenter.ts';
import {
  approveInformTheBotItem,
  createInformTheBotItems,
  deleteInformTheBotItem,
  findInformTheBotItem,
  INFORM_THE_BOT_COUNTER,
  listInformTheBotPage,
  saveEditedContent,
} from './inform-the-bot.repository.ts';
import { informTheBotUploadRoute } from './inform-the-bot.upload.ts';
import { queueInformTheBotIndexing, removeFromKnowledge } from './inform-the-bot-indexing.ts';

const idParams = z.object({ id: idParam });

export async function informTheBotRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/inform-the-bot/:pageIndex',
    {
      config: { access: canReadInformTheBot },
      schema: { params: z.object({ pageIndex: pageIndexParam }), response: { 200: rowsAnswer(informTheBotRow) } },
    },
    async (request) => {
      const { items, totalCount } = await listInformTheBotPage(db, request.params.pageIndex);
      return { success: true as const, data: { rows: items.map((item) => presentInformTheBotItem(item, totalCount)) } };
    },
  );

  api.post(
    '/api/inform-the-bot',
    {
      config: { access: canCreateInformation },
      schema: { body: createInformTheBotRequest, response: { 200: rowsAnswer(informTheBotRow) } },
    },
    async (request) => {
      const viewer = signedIn(request);
      const rows = await db.transaction(async (tx) => {
        const created = await createInformTheBotItems(tx, [{ author: viewer, content: request.body.content, type: 'information' }]);
        await recordInformationCreated(tx, actorOf(request), created);
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
      const viewer = signedIn(request);
      const row = await db.transaction(async (tx) => {
        const item = await findInformTheBotItem(tx, request.params.id, { forUpdate: true });
        if (!item) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
        // Saving the same text changes nothing, so the approval of that text still stands.
        const saved = item.content === request.body.content ? item : await saveEditedContent(tx, item.id, request.body.content, viewer.id);
        if (!saved) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
        if (saved !== item) {
          await removeFromKnowledge(tx, item.id);
          await recordAudit(tx, actorOf(request), { action: 'information_edited', object: informationObject(saved) });
        }
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
      const viewer = signedIn(request);
      const id = request.params.id;
      const approved = await db.transaction(async (tx) => {
        const item = await approveInformTheBotItem(tx, id, viewer.id, request.body?.content);
        if (item) {
          await queueInformTheBotIndexing(tx, item.id);
          await recordAudit(tx, actorOf(request), { action: 'information_approved', object: informationObject(item) });
        }
        return item;
      });
      if (approved) return { success: true as const };
      // Nothing was approved: say why, from the item as it is now.
      const item = await findInformTheBotItem(db, id);
      if (!item) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
      if (item.status === 'approved') throw new HttpError(409, INFORM_THE_BOT_MESSAGES.alreadyApproved);
      if (!canApproveInformation(viewer, { status: item.status, last_author_id: item.lastAuthorId })) {
        throw new HttpError(403, INFORM_THE_BOT_MESSAGES.ownApproval);
      }
      throw new HttpError(409, INFORM_THE_BOT_MESSAGES.changedSinceLoaded);
    },
  );

  // Deleting an item deletes its chunks with it (ON DELETE CASCADE).
  api.post(
    '/api/inform-the-bot/delete/:id',
    { config: { access: canDeleteInformation }, schema: { params: idParams, response: { 200: successAnswer } } },
    async (request) => {
      await db.transaction(async (tx) => {
        const item = await findInformTheBotItem(tx, request.params.id, { forUpdate: true });
        if (!item || !(await deleteInformTheBotItem(tx, item.id))) throw new HttpError(404, INFORM_THE_BOT_MESSAGES.notFound);
        await recordAudit(tx, actorOf(request), { action: 'information_deleted', object: informationObject(item) });
      });
      return { success: true as const };
    },
  );
}
