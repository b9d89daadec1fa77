import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import { historyExportQuery } from '@steward/contract/exports';
import { HISTORY_MESSAGES, type HistoryRow, historyRow, sessionIdParam, sessionNotesAnswer } from '@steward/contract/history';
import { filteredPageAnswer, historyFilterQuery } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canExportData } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { fieldsOf, mapBatches } from '../../lib/export-stream.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { answerWrittenPage } from '../../lib/written-page-answer.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { routeCaller } from '../../plugins/access.ts';
import { EXPORT_ROUTE_DOCS, sendExport } from '../../plugins/export-reply.ts';
import { PERSONAL_DATA_MASKING, readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { ratingsOfAnswers } from '../feedback/feedback.repository.ts';
import { helpRequestsOfSession } from '../help-requests/help-requests.repository.ts';
import { exportMasksPersonalData } from '../personal-data/personal-data.actions.ts';
import { answerSourcesOf } from './answer-sources.repository.ts';
import { sessionTranscript } from './history.actions.ts';
import { maskHistoryRow, presentHistoryRow } from './history.presenter.ts';
import { presentSessionNotes } from './session-notes.presenter.ts';
import { findHistoryPage, findSessionHistory, findShownHistoryPage, historyExportBatches } from './history.repository.ts';

/** A history row's fields but the list's count. */
const HISTORY_EXPORT_FIELDS = fieldsOf<HistoryRow>([
  'id', 'session_id', 'time', 'user_message', 'api_response', 'source_docs', 'origin', 'account', 'country', 'user_ip', 'coverage_gap', 'rating', 'help_request',
]);

export async function historyRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anchors = new PageAnchors();

  api.get(
    '/api/all-history/:pageIndex',
    {
      config: { access: 'login' },
      schema: {
        params: z.object({ pageIndex: pageIndexParam }),
        querystring: historyFilterQuery,
        response: { 200: filteredPageAnswer(historyRow) },
      },
    },
    async (request, reply) => {
      const page = { pageIndex: request.params.pageIndex, pageSize: PAGE_SIZE.history, filters: request.query, alongside: PERSONAL_DATA_MASKING };
      // The counted lists' pages come as their answer's rows (migration 3720): sent as they are, or masked.
      const written = await findShownHistoryPage(db, anchors, page);
      // An untyped reply: the text is the answer's JSON already (the typed one takes the object to serialise).
      if (written) return answerWrittenPage(reply as FastifyReply, written, { on: written.alongside === true, mask: maskHistoryRow });
      const { records, totalCount, capped, alongside } = await findHistoryPage(db, anchors, page);
      const shown = maskIf(alongside === true, maskHistoryRow);
      return {
        success: true as const,
        data: { rows: records.map((record) => shown(presentHistoryRow(record, totalCount))), total_count: totalCount, total_count_capped: capped },
      };
    },
  );

  api.get(
    '/api/export/history',
    { config: { scriptedOnly: true, access: canExportData, keyScope: 'exports' }, schema: { ...EXPORT_ROUTE_DOCS, querystring: historyExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const shown = maskIf(await exportMasksPersonalData(db, routeCaller(request)), maskHistoryRow);
      const batches = mapBatches(historyExportBatches(db, filters), (records) => records.map((record) => shown(presentHistoryRow(record, 0))));
      return sendExport(db, request, reply, { list: 'history', format, filters, fields: HISTORY_EXPORT_FIELDS, batches });
    },
  );

  api.get(
    '/api/history/:sessionId',
    {
      config: { access: 'login' },
      schema: { params: z.object({ sessionId: sessionIdParam }), response: { 200: rowsAnswer(historyRow) } },
    },
    async (request) => {
      const rows = await sessionTranscript(db, request.params.sessionId);
      if (rows.length === 0) throw new HttpError(404, HISTORY_MESSAGES.sessionNotFound);
      return { success: true as const, data: { rows } };
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
      const [sources, ratings, helpRequests, masked] = [
        await answerSourcesOf(db, historyIds),
        await ratingsOfAnswers(db, historyIds),
        await helpRequestsOfSession(db, request.params.sessionId),
        await readPersonalDataMasking(db),
      ];
      return { success: true as const, data: presentSessionNotes(historyIds, sources, ratings, helpRequests, masked) };
    },
  );
}
