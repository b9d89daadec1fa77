import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import { HISTORY_MESSAGES, historyListQuery, historyRow, sessionIdParam, sessionNotesAnswer } from '@steward/contract/history';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { ratingsOfAnswers } from '../feedback/feedback.repository.ts';
import { helpRequestsOfSession } from '../help-requests/help-requests.repository.ts';
import { answerSourcesOf } from './answer-sources.repository.ts';
import { presentHistoryRow } from './history.presenter.ts';
import { presentSessionNotes } from './session-notes.presenter.ts';
import { findHistoryPage, findSessionHistory } from './history.repository.ts';

export async function historyRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anchors = new PageAnchors();

  api.get(
    '/api/all-history/:pageIndex',
    {
      config: { access: 'login' },
      schema: {
        params: z.object({ pageIndex: pageIndexParam }),
        querystring: historyListQuery,
        response: { 200: rowsAnswer(historyRow) },
      },
    },
    async (request) => {
      const coverageGapsOnly = request.query.coverage_gaps;
      const { records, totalCount } = await findHistoryPage(db, anchors, { pageIndex: request.params.pageIndex, pageSize: PAGE_SIZE.history, coverageGapsOnly });
      return { success: true as const, data: { rows: records.map((record) => presentHistoryRow(record, totalCount)) } };
    },
  );

  api.get(
    '/api/history/:sessionId',
    {
      config: { access: 'login' },
      schema: { params: z.object({ sessionId: sessionIdParam }), response: { 200: rowsAnswer(historyRow) } },
    },
    async (request) => {
      const records = await findSessionHistory(db, request.params.sessionId);
      if (records.length === 0) throw new HttpError(404, HISTORY_MESSAGES.sessionNotFound);
      return { success: true as const, data: { rows: records.map((record) => presentHistoryRow(record, records.length)) } };
    },
  );

  api.get(
    '/api/history/:sessionId/notes',
    {
      config: { access: 'login' },
      schema: { params: z.object({ sessionId: sessionIdParam }), response: { 200: sessionNotesAnswer } },
    },
    async (request) => {
      const records = await findSessionHistory(db, request.params.sessionId);
      if (records.length === 0) throw new HttpError(404, HISTORY_MESSAGES.sessionNotFound);
      const historyIds = records.map((record) => record.id);
      const [sources, ratings, helpRequests] = [
        await answerSourcesOf(db, historyIds),
        await ratingsOfAnswers(db, historyIds),
        await helpRequestsOfSession(db, request.params.sessionId),
      ];
      return { success: true as const, data: presentSessionNotes(historyIds, sources, ratings, helpRequests) };
    },
  );
}
