import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import {
  FEEDBACK_MESSAGES,
  feedbackCorrectionRequest,
  feedbackCorrectionRow,
  feedbackRow,
  ratingFilterParam,
} from '@steward/contract/feedback';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canSaveCorrection } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { signedInActor } from '../../plugins/access.ts';
import { createInformation } from '../inform-the-bot/inform-the-bot.actions.ts';
import { presentCorrection, presentFeedbackRow } from './feedback.presenter.ts';
import { findFeedbackById, findFeedbackPage } from './feedback.repository.ts';

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
          response: { 200: rowsAnswer(feedbackRow) },
        },
      },
      async (request) => {
        const { pageIndex, rating } = request.params;
        const { records, totalCount } = await findFeedbackPage(db, anchors, rating, pageIndex, PAGE_SIZE.feedback);
        return { success: true as const, data: { rows: records.map((record) => presentFeedbackRow(record, totalCount)) } };
      },
    );
  }

  api.get(
    '/api/feedback/:id',
    {
      config: { access: 'login' },
      schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(feedbackRow) } },
    },
    async (request) => {
      const record = await findFeedbackById(db, request.params.id);
      if (!record) throw new HttpError(404, FEEDBACK_MESSAGES.notFound);
      return { success: true as const, data: { rows: [presentFeedbackRow(record, 1)] } };
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
