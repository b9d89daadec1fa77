import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import {
  FEEDBACK_MESSAGES,
  feedbackCorrectionRequest,
  feedbackCorrectionRow,
  type FeedbackRow,
  feedbackRow,
  ratingFilterParam,
} from '@steward/contract/feedback';
import { feedbackExportQuery } from '@steward/contract/exports';
import { feedbackFilterQuery, filteredPageAnswer } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canExportData, canSaveCorrection } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { fieldsOf, mapBatches } from '../../lib/export-stream.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { answerWrittenPage } from '../../lib/written-page-answer.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { routeCaller, signedInActor } from '../../plugins/access.ts';
import { EXPORT_ROUTE_DOCS, sendExport } from '../../plugins/export-reply.ts';
import { PERSONAL_DATA_MASKING, readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { createInformation } from '../inform-the-bot/inform-the-bot.actions.ts';
import { exportMasksPersonalData } from '../personal-data/personal-data.actions.ts';
import { maskFeedbackRow, presentCorrection, presentFeedbackRow } from './feedback.presenter.ts';
import { feedbackExportBatches, findFeedbackById, findFeedbackPage, findWrittenFeedbackPage } from './feedback.repository.ts';

/** A feedback row's fields but the list's count. */
const FEEDBACK_EXPORT_FIELDS = fieldsOf<FeedbackRow>([
  'id', 'time', 'rating', 'user_message', 'api_response', 'reason', 'user_feedback', 'country', 'user_ip', 'session_id',
]);

export async function feedbackRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anchors = new PageAnchors();

  // The spec's rating segment may be empty ("/api/all-feedback/0/"); without the slash it means all too.
  for (const path of ['/api/all-feedback/:pageIndex/:rating', '/api/all-feedback/:pageIndex']) {
    api.get(
      path,
      {
        config: { access: 'login' },
        schema: {
          params: z.object({ pageIndex: pageIndexParam, rating: ratingFilterParam.default('') }),
          querystring: feedbackFilterQuery,
          response: { 200: filteredPageAnswer(feedbackRow) },
        },
      },
      async (request, reply) => {
        const { pageIndex, rating } = request.params;
        const page = { rating, filters: request.query, pageIndex, pageSize: PAGE_SIZE.feedback, alongside: PERSONAL_DATA_MASKING };
        // The tabs' pages come as their answer's rows (migration 3740): sent as they are, or masked.
        const written = await findWrittenFeedbackPage(db, anchors, page);
        // An untyped reply: the text is the answer's JSON already (the typed one takes the object to serialise).
        if (written) return answerWrittenPage(reply as FastifyReply, written, { on: written.alongside === true, mask: maskFeedbackRow });
        const { records, totalCount, capped, alongside } = await findFeedbackPage(db, anchors, page);
        const shown = maskIf(alongside === true, maskFeedbackRow);
        return {
          success: true as const,
          data: { rows: records.map((record) => shown(presentFeedbackRow(record, totalCount))), total_count: totalCount, total_count_capped: capped },
        };
      },
    );
  }

  api.get(
    '/api/export/feedback',
    { config: { scriptedOnly: true, access: canExportData, keyScope: 'exports' }, schema: { ...EXPORT_ROUTE_DOCS, querystring: feedbackExportQuery } },
    async (request, reply) => {
      const { format, rating, ...filters } = request.query;
      const shown = maskIf(await exportMasksPersonalData(db, routeCaller(request)), maskFeedbackRow);
      const batches = mapBatches(feedbackExportBatches(db, rating ?? '', filters), (records) => records.map((record) => shown(presentFeedbackRow(record, 0))));
      return sendExport(db, request, reply, { list: 'feedback', format, filters: { rating, ...filters }, fields: FEEDBACK_EXPORT_FIELDS, batches });
    },
  );

  api.get(
    '/api/feedback/:id',
    {
      config: { access: 'login' },
      schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(feedbackRow) } },
    },
    async (request) => {
      const record = await findFeedbackById(db, request.params.id);
      if (!record) throw new HttpError(404, FEEDBACK_MESSAGES.notFound);
      const shown = maskIf(await readPersonalDataMasking(db), maskFeedbackRow);
      return { success: true as const, data: { rows: [shown(presentFeedbackRow(record, 1))] } };
    },
  );

  api.post(
    '/api/feedback/:id/correction',
    {
      config: { access: canSaveCorrection },
      schema: {
        params: z.object({ id: idParam }),
        body: feedbackCorrectionRequest,
        response: { 200: rowsAnswer(feedbackCorrectionRow) },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      const record = await findFeedbackById(db, request.params.id);
      if (!record) throw new HttpError(404, FEEDBACK_MESSAGES.notFound);
      const [correction] = await db.transaction((tx) =>
        createInformation(tx, actor, config, [{ content: request.body.content, type: 'correction', question: record.userMessage, feedbackId: record.id }]),
      );
      if (!correction) throw new Error('Saving a correction returned no row.');
      return { success: true as const, data: { rows: [presentCorrection(correction)] } };
    },
  );
}
