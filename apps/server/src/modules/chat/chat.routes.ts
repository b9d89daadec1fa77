import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdIdRow } from '@steward/contract/bot';
import { chatAppearanceRow } from '@steward/contract/bot-appearance';
import {
  CHAT_TEXTS,
  type ChatAnswer,
  chatAnswer,
  chatAskRequest,
  chatFeedbackRequest,
  chatFunFacts,
  chatHelpRequest,
} from '@steward/contract/chat';
import { rowsAnswer } from '@steward/contract/envelope';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateAnswerOnce } from '../feedback/feedback.actions.ts';
import { receiveHelpRequest } from '../help-requests/help-requests.actions.ts';
import { recordExchange } from '../history/history.actions.ts';
import { visitorCountry } from '../../lib/country-lookup.ts';
import { answerModelSettings } from '../bot-settings/answer-models.actions.ts';
import { readBotAppearance } from '../bot-settings/bot-appearance.repository.ts';
import { listFunFacts } from '../bot-settings/fun-facts.repository.ts';
import { type AnswerDraft, answerQuestion } from '../answers/answer-question.ts';
import { answerPreflight, chatOriginCheck, loopbackAliasesOf } from './chat-origins.ts';
import { countChatCall } from './chat-rate-limits.ts';
import { sharedChatSessionIds } from './chat-session-ids.ts';
import { sessionOfHistoryRow, supportMessageDue } from './chat-sessions.ts';
import { openEventStream, wantsEventStream } from './chat-stream.ts';

/** The chat calls' bodies are small (a 2,000-character question at most): anything bigger is refused early. */
export const CHAT_BODY_LIMIT = 16 * 1024;

/**
 * The public customer calls (the chat widget, or a site's own client): no staff cookie, no bot key.
 * They write through the same actions as /api/bot/*, so statistics, lists, counters, search and
 * notification mails behave the same. See docs/bot.md.
 */
export async function chatRoutes(app: FastifyInstance, { db, config, knowledge, log, metrics }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sessionIds = sharedChatSessionIds(db);
  const savedOrigins = async () => (await readBotAppearance(db)).allowed_sites;
  const answerModels = answerModelSettings(db, config);
  /**
   * The language model of Bot Settings' Answers card (else LLM_*), read for every answer so every instance follows
   * a change at once; a saved key this server cannot open leaves the answer to the built-in quotes, logged.
   */
  const answerWriter = async (requestLog: FastifyRequest['log']) => {
    try {
      return await answerModels.answerWriter();
    } catch (error) {
      requestLog.error({ err: error }, 'the saved answer writer could not be read: answering with quotes');
      return undefined;
    }
  };
  const chatCall = { config: { access: 'public' as const }, onRequest: chatOriginCheck([...config.botAllowedOrigins, ...loopbackAliasesOf(config.publicUrl)], savedOrigins), bodyLimit: CHAT_BODY_LIMIT };

  /** The visitor's address and country, as the bot API would have been sent them. */
  const visitor = (request: FastifyRequest) => ({ user_ip: request.ip, country: visitorCountry({ user_ip: request.ip }) });

  /** A session id the client sent must be one this server issued. */
  const requireGenuine = async (sessionId: string): Promise<void> => {
    if (!(await sessionIds()).isGenuine(sessionId)) throw new HttpError(403, CHAT_TEXTS.badSession, 'session_id');
  };

  api.options('/api/chat/*', chatCall, async (_request, reply) => answerPreflight(reply));

  // What the widget shows: its title, greeting, accent colour and suggested questions (Bot Settings).
  api.get('/api/chat/appearance', { ...chatCall, schema: { response: { 200: rowsAnswer(chatAppearanceRow) } } }, async () => {
    const { title, greeting, accent_color, suggested_questions } = await readBotAppearance(db);
    return { success: true as const, data: { rows: [{ title, greeting, accent_color, suggested_questions }] } };
  });

  api.post(
    '/api/chat/ask',
    { ...chatCall, schema: { body: chatAskRequest, response: { 200: rowsAnswer(chatAnswer) } } },
    async (request, reply) => {
      const body = request.body;
      if (body.session_id !== undefined) await requireGenuine(body.session_id);
      const sessionId = body.session_id ?? (await sessionIds()).issue();
      await countChatCall(db, config.chatRateLimits, 'questions', { ip: request.ip, sessionId });

      const answerWith = async (draft: AnswerDraft): Promise<ChatAnswer> => {
        const row = await db.transaction((tx) => recordExchange(tx, {
          session_id: sessionId,
          // Stored as the visitor typed it: the dashboard shows it as text, never as HTML.
          user_message: body.message,
          api_response: draft.html,
          source_docs: draft.sources.map((source) => ({ metadata: { filename: source.title, source_url: source.source_url ?? '' } })),
          origin: body.origin ?? null,
          account: body.account ?? null,
          time: new Date(),
          coverage_gap: draft.coverageGap,
          ...visitor(request),
        }, draft.builtFrom));
        metrics.chatAnswers.inc({ kind: draft.kind });
        // An answer that does not know offers the help-request form already: the support message would offer it twice.
        const support = draft.kind !== 'unknown' && (await supportMessageDue(db, sessionId));
        return {
          session_id: sessionId,
          history_id: row.id,
          answer: draft.html,
          answer_kind: draft.kind,
          source_docs: draft.sources,
          ...(support ? { support_message: CHAT_TEXTS.supportMessage } : {}),
        };
      };
      const deps = { db, knowledge, llm: await answerWriter(request.log), log: request.log };

      if (!wantsEventStream(request.headers.accept)) {
        return { success: true as const, data: { rows: [await answerWith(await answerQuestion(deps, body.message))] } };
      }
      const stream = openEventStream(reply);
      try {
        const draft = await answerQuestion(deps, body.message, { onDelta: (text) => stream.send('delta', { text }), signal: stream.closed });
        stream.send('answer', chatAnswer.parse(await answerWith(draft)));
      } catch (error) {
        log.error({ err: error }, 'a streamed chat answer failed');
        stream.send('error', { message: CHAT_TEXTS.answerFailed });
      } finally {
        stream.end();
      }
      return reply;
    },
  );

  api.post(
    '/api/chat/feedback',
    { ...chatCall, schema: { body: chatFeedbackRequest, response: { 200: rowsAnswer(createdIdRow) } } },
    async (request) => {
      const body = request.body;
      await requireGenuine(body.session_id);
      await countChatCall(db, config.chatRateLimits, 'extras', { ip: request.ip, sessionId: body.session_id });
      // A row of another session, or none at all: the same refusal, so ids reveal nothing.
      if ((await sessionOfHistoryRow(db, body.history_id)) !== body.session_id) {
        throw new HttpError(403, CHAT_TEXTS.feedbackForeignRow, 'history_id');
      }
      // One rating per answer: a second one replaces the first (counters and statistics move with it).
      const rating = {
        history_id: body.history_id,
        rating: body.rating,
        ...(body.reason ? { reason: body.reason } : {}),
        ...(body.user_feedback === undefined ? {} : { user_feedback: body.user_feedback }),
        time: new Date(),
        ...visitor(request),
      };
      const { id } = await db.transaction((tx) => rateAnswerOnce(tx, rating));
      return { success: true as const, data: { rows: [{ id }] } };
    },
  );

  api.post(
    '/api/chat/help-request',
    { ...chatCall, schema: { body: chatHelpRequest, response: { 200: rowsAnswer(createdIdRow) } } },
    async (request) => {
      const body = request.body;
      if (body.session_id !== undefined) await requireGenuine(body.session_id);
      await countChatCall(db, config.chatRateLimits, 'extras', { ip: request.ip, sessionId: body.session_id });
      const helpRequest = {
        name: body.name,
        email: body.email,
        message: body.message,
        ...(body.session_id === undefined ? {} : { session_id: body.session_id }),
        origin_url: body.origin_url ?? null,
        time: new Date(),
        ...visitor(request),
      };
      const row = await db.transaction((tx) => receiveHelpRequest(tx, helpRequest));
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.get(
    '/api/chat/fun-facts',
    { ...chatCall, schema: { response: { 200: rowsAnswer(chatFunFacts) } } },
    async (request) => {
      // Rate-limited like every public chat call (per address, with the ratings' budget), so no client can make it a free load generator.
      await countChatCall(db, config.chatRateLimits, 'extras', { ip: request.ip, sessionId: undefined });
      return { success: true as const, data: { rows: [{ facts: (await listFunFacts(db)).map((fact) => fact.fact) }] } };
    },
  );
}
