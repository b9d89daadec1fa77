import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import {
  HELP_REQUEST_MESSAGES,
  type HelpRequest,
  helpRequestAction,
  helpRequestCountRow,
  helpRequestPageAnswer,
  helpRequestReplyRequest,
  helpRequestReplySentRow,
  helpRequestRow,
  helpRequestThreadAnswer,
  helpRequestStatusFilter,
} from '@steward/contract/help-requests';
import { helpRequestFilterQuery } from '@steward/contract/list-filters';
import { canExportData, canUpdateHelpRequestStatus } from '@steward/contract/permissions';
import { helpRequestExportQuery } from '@steward/contract/exports';
import type { AppContext } from '../../app-context.ts';
import { fieldsOf, mapBatches } from '../../lib/export-stream.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mailDeliveryOf } from '../../mail/mail-delivery.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { answerWrittenPage } from '../../lib/written-page-answer.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { routeCaller, signedInActor } from '../../plugins/access.ts';
import { EXPORT_ROUTE_DOCS, sendExport } from '../../plugins/export-reply.ts';
import { PERSONAL_DATA_MASKING, readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { exportMasksPersonalData } from '../personal-data/personal-data.actions.ts';
import { HELP_REQUEST_COUNTERS } from './help-requests.counters.ts';
import { sessionTranscript } from '../history/history.actions.ts';
import { maskHelpRequest } from './help-requests.presenter.ts';
import { repliesOfHelpRequest } from './help-request-replies.repository.ts';
import { changeHelpRequestStatus, replyToHelpRequest } from './help-requests.actions.ts';
import { limitReplies } from './reply-rate-limit.ts';
import { findHelpRequest, findHelpRequestPage, findHelpRequestSessionId, findWrittenHelpRequestPage, helpRequestExportBatches } from './help-requests.repository.ts';

const HELP_REQUEST_EXPORT_FIELDS = fieldsOf<HelpRequest>(['id', 'time', 'status', 'name', 'email', 'message', 'origin_url', 'country', 'user_ip']);

export async function helpRequestRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anchors = new PageAnchors();

  api.get(
    '/api/all-help-requests-count',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(helpRequestCountRow) } } },
    async () => ({
      success: true as const,
      data: { rows: [{ total_count: await readCounter(db, HELP_REQUEST_COUNTERS.pending) }] },
    }),
  );

  // The status segment may be empty (`/api/all-help-requests/0/`) or absent: both mean all.
  api.get(
    '/api/all-help-requests/:pageIndex/:status?',
    {
      config: { access: 'login' },
      schema: {
        params: z.object({ pageIndex: pageIndexParam, status: helpRequestStatusFilter.optional() }),
        querystring: helpRequestFilterQuery,
        response: { 200: helpRequestPageAnswer },
      },
    },
    async (request, reply) => {
      const asked = { status: request.params.status ?? '', filters: request.query, pageIndex: request.params.pageIndex, alongside: PERSONAL_DATA_MASKING };
      // The tabs' pages come as their answer's rows (migration 3740): sent as they are, or masked.
      const written = await findWrittenHelpRequestPage(db, anchors, asked);
      // An untyped reply: the text is the answer's JSON already (the typed one takes the object to serialise).
      if (written) return answerWrittenPage(reply as FastifyReply, written, { on: written.alongside === true, mask: maskHelpRequest });
      const page = await findHelpRequestPage(db, anchors, asked);
      const shown = maskIf(page.alongside === true, maskHelpRequest);
      return {
        success: true as const,
        data: { rows: page.rows.map((row) => ({ ...shown(row), total_count: page.totalCount })), total_count: page.totalCount, total_count_capped: page.capped },
      };
    },
  );

  api.get(
    '/api/export/help-requests',
    { config: { scriptedOnly: true, access: canExportData, keyScope: 'exports' }, schema: { ...EXPORT_ROUTE_DOCS, querystring: helpRequestExportQuery } },
    async (request, reply) => {
      const { format, status, ...filters } = request.query;
      const shown = maskIf(await exportMasksPersonalData(db, routeCaller(request)), maskHelpRequest);
      const batches = mapBatches(helpRequestExportBatches(db, status ?? '', filters), (rows) => rows.map(shown));
      return sendExport(db, request, reply, { list: 'help-requests', format, filters: { status, ...filters }, fields: HELP_REQUEST_EXPORT_FIELDS, batches });
    },
  );

  api.get(
    '/api/help-requests/:id',
    { config: { access: 'login' }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(helpRequestRow) } } },
    async (request) => {
      const helpRequest = await findHelpRequest(db, request.params.id);
      if (!helpRequest) throw new HttpError(404, HELP_REQUEST_MESSAGES.notFound);
      const shown = maskIf(await readPersonalDataMasking(db), maskHelpRequest);
      return { success: true as const, data: { rows: [shown(helpRequest)] } };
    },
  );

  api.get(
    '/api/help-requests/:id/thread',
    { config: { access: 'login' }, schema: { params: z.object({ id: idParam }), response: { 200: helpRequestThreadAnswer } } },
    async (request) => {
      const sessionId = await findHelpRequestSessionId(db, request.params.id);
      if (sessionId === undefined) throw new HttpError(404, HELP_REQUEST_MESSAGES.notFound);
      const transcript = sessionId === null ? [] : await sessionTranscript(db, sessionId);
      const replies = await repliesOfHelpRequest(db, request.params.id);
      return { success: true as const, data: { transcript, replies } };
    },
  );

  // A static segment, so Fastify routes it before `/:action` below.
  api.post(
    '/api/help-requests/:id/reply',
    {
      config: { access: canUpdateHelpRequestStatus },
      schema: { params: z.object({ id: idParam }), body: helpRequestReplyRequest, response: { 200: rowsAnswer(helpRequestReplySentRow) } },
    },
    async (request) => {
      const actor = signedInActor(request);
      await limitReplies(db, actor.id);
      const reply = await db.transaction((tx) => replyToHelpRequest(tx, actor, config, request.params.id, request.body.message));
      // Truthful about where it went: with no mail server, the outbox folder (the screen says so, and how to set one up).
      return { success: true as const, data: { rows: [{ ...reply, ...mailDeliveryOf(config) }] } };
    },
  );

  api.post(
    '/api/help-requests/:id/:action',
    {
      config: { access: canUpdateHelpRequestStatus },
      schema: { params: z.object({ id: idParam, action: helpRequestAction }), response: { 200: rowsAnswer(helpRequestRow) } },
    },
    async (request) => {
      const { id, action } = request.params;
      const actor = signedInActor(request);
      const helpRequest = await db.transaction((tx) => changeHelpRequestStatus(tx, actor, id, action));
      const shown = maskIf(await readPersonalDataMasking(db), maskHelpRequest);
      return { success: true as const, data: { rows: [shown(helpRequest)] } };
    },
  );
}
