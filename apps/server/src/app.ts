import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { appInfoRoutes } from './modules/app-info/app-info.routes.ts';
import { registerRoutes } from './modules/auth/register.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { signInLinkRoutes } from './modules/auth/sign-in-link.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { secondFactorRoutes } from './modules/auth/second-factor.routes.ts';
import { secondFactorSignInRoutes } from './modules/auth/second-factor-sign-in.routes.ts';
import { passkeyRoutes } from './modules/auth/passkey.routes.ts';
import { passkeySignInRoutes } from './modules/auth/passkey-sign-in.routes.ts';
import { ssoRoutes } from './modules/auth/sso.routes.ts';
import { secondFactorAdminRoutes } from './modules/user-accounts/second-factor-admin.routes.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { sessionsAdminRoutes } from './modules/user-accounts/sessions-admin.routes.ts';
import { botSettingsRoutes } from './modules/bot-settings/bot-settings.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { integrationKeysRoutes } from './modules/integration-keys/integration-keys.routes.ts';
import { weeklyReportRoutes } from './modules/weekly-report/weekly-report.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { withWebhookPayloads } from './modules/webhooks/webhook-openapi.ts';
import { botKeyCheck } from './modules/integration-keys/bot-keys.ts';
import { informTheBotRoutes } from './modules/inform-the-bot/inform-the-bot.routes.ts';
import { botRoutes } from './modules/bot/bot.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts';
import { createEmbedder } from './ingest/embedders/create-embedder.ts';
import type { Embedder } from './ingest/embedders/embedder.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { followChosenEmbedder } from './modules/knowledge/knowledge-reindex.actions.ts';
import { chosenKnowledgeStore } from './modules/bot-settings/answer-models.actions.ts';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { gettingStartedRoutes } from './modules/getting-started/getting-started.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { helpRequestRoutes } from './modules/help-requests/help-requests.routes.ts';
import { userAccountsRoutes } from './modules/user-accounts/user-accounts.routes.ts';
import { findSessionUser } from './modules/auth/sessions.repository.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { createJobHandlers } from './worker/job-handlers.ts';
import { registerAccessRules, type RegisteredRoute } from './plugins/access.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { OPENAPI_SECURITY_SCHEMES } from './plugins/export-reply.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { refuseCallsWhileDatabaseGone } from './plugins/database-outage.ts';
import { registerDraining } from './plugins/draining.ts';
import { alwaysReachable, watchReachability } from './db/database-reachability.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { textSafeValidatorCompiler } from './plugins/text-safety-validation.ts';
import { serverLimits } from './lib/server-limits.ts';
import type { WidgetBuild } from './plugins/widget-build.ts';
import { registerWidgetRoutes } from './plugins/widget-routes.ts';
import { createMetrics } from './lib/metrics.ts';
import { queueStates } from './jobs/job-queue.ts';
import { withEmbeddingMetrics } from './ingest/embedders/timed-embedder.ts';
import { registerMetrics } from './plugins/metrics.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The dashboard build to serve (see plugins/web-build.ts); none: the API alone. */
  webDistDir?: string | null;
  /** The chat widget's script and /demo page (see plugins/widget-build.ts); none: they answer 404. */
  widgetBuild?: WidgetBuild | null;
  /** Tests may capture mail instead of using SMTP_URL or the outbox. */
  mailTransport?: MailTransport;
  /** Tests may embed with a stand-in instead of the configured model. */
  embedder?: Embedder;
  /** Tests may read the log: JSON lines written here, with the server's serializers. */
  logStream?: DestinationStream;
}

export interface StewardApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route registered, with its access rule: the access test reads this. */
  routes: RegisteredRoute[];
}

/**
 * No line per request for a person at a terminal (LOG_FORMAT pretty) below LOG_LEVEL=debug: the start-up banner
 * and what goes wrong are what they read. JSON logs (log collectors, production) keep every request.
 */
export const requestLoggingOff = (config: Pick<Config, 'logFormat' | 'logLevel'>): boolean =>
  config.logFormat === 'pretty' && !['debug', 'trace'].includes(config.logLevel);

/** Assembles plugins, then every module's routes. Used by main.ts and by the tests. */
/**
 * TRUST_PROXY as a number of hops: the nearest `hops` addresses (the socket's, then X-Forwarded-For's from the
 * right) are proxies. Fastify reads a bare number as "trust nobody" since hop counts cannot check the peer, so
 * this is only for servers every request reaches through the balancers (docs/operations.md says so).
 */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export async function buildApp(options: BuildAppOptions): Promise<StewardApp> {
  const { config, database } = options;
  // Keys, codes and tokens are redacted from every request URL and error the log writes (lib/log-redaction.ts).
  const serializers = { req: serializeRequest, err: serializeError };
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers,
      // Tests may read the log; else readable lines for a person at a terminal, written in order (the start-up
      // banner comes after them), and JSON lines for log collectors (LOG_FORMAT).
      ...(options.logStream
        ? { stream: options.logStream }
        : config.logFormat === 'pretty'
          ? { stream: pinoPretty({ translateTime: 'SYS:standard', ignore: 'pid,hostname', sync: true }) }
          : {}),
    },
    // A person at a terminal reads what happens, not a pair of lines per request: those show from LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: requestLoggingOff(config) }),
    // Behind a proxy, set the proxy to pass X-Forwarded-For and TRUST_PROXY to trust it; rate limits key on request.ip.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ...serverLimits(config.requestTimeoutMs),
    // Chat session ids (up to 200 characters, more once URL-encoded) travel in paths; the default is 100.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerFrameworkError,
  });
  // JSON and multipart only: text/plain is what a cross-site form can send without a preflight.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const databaseReachability = database.checkConnection ? watchReachability(database.checkConnection, app.log) : alwaysReachable;
  const stopListening = database.onConnectionError?.((error) => databaseReachability.report(error));
  app.addHook('onClose', async () => {
    stopListening?.();
    databaseReachability.stop();
  });
  const mailTransport = options.mailTransport ?? createMailTransport(config, app.log);
  const metrics = createMetrics({
    queueStates: () => queueStates(database.db),
    poolUse: () => database.poolUse?.(),
    databaseReachable: () => databaseReachability.reachable,
  });
  const embedder = withEmbeddingMetrics(options.embedder ?? createEmbedder(config), metrics);
  app.addHook('onClose', () => embedder.close());
  const knowledge = chosenKnowledgeStore(database.db, config, embedder, (store, log) => followChosenEmbedder(database.db, store, log).then(() => undefined));
  app.addHook('onClose', () => knowledge.close());
  const context: AppContext = {
    config,
    database,
    db: database.db,
    databaseReachability,
    draining: registerDraining(app),
    log: app.log,
    jobHandlers: createJobHandlers({ db: database.db, config, log: app.log, mailTransport, knowledge }),
    mailTransport,
    knowledge,
    metrics,
  };

  registerErrorHandling(app, databaseReachability);
  // Before the session's lookup, which would ask the database.
  refuseCallsWhileDatabaseGone(app, databaseReachability);
  const routes = registerAccessRules(app, botKeyCheck(database.db, config.botApiKey));
  registerMetrics(app, metrics, config.metricsToken);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, config.secureCookies);
  registerSessions(app, (sessionId) => findSessionUser(database.db, sessionId));
  registerCsrfProtection(app, config.publicUrl);

  await app.register(fastifySwagger, {
    openapi: withWebhookPayloads({ info: { title: 'Steward API', version: '1.0.0' }, components: { securitySchemes: OPENAPI_SECURITY_SCHEMES } }),
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const modules = [
    healthRoutes,
    appInfoRoutes,
    authRoutes,
    userAccountsRoutes,
    registerRoutes,
    passwordRoutes,
    signInLinkRoutes,
    secondFactorSignInRoutes,
    ssoRoutes,
    secondFactorRoutes,
    passkeySignInRoutes,
    passkeyRoutes,
    secondFactorAdminRoutes,
    sessionsRoutes,
    sessionsAdminRoutes,
    helpRequestRoutes,
    statisticsRoutes,
    botRoutes,
    chatRoutes,
    informTheBotRoutes,
    botSettingsRoutes,
    historyRoutes,
    feedbackRoutes,
    documentsRoutes,
    knowledgeRoutes,
    searchRoutes,
    auditLogRoutes,
    insightsRoutes,
    gettingStartedRoutes,
    personalDataRoutes,
    privacyRoutes,
    integrationKeysRoutes,
    weeklyReportRoutes,
    webhooksRoutes,
  ];
  for (const module of modules) {
    await module(app, context);
  }
  await registerWidgetRoutes(app, options.widgetBuild ?? null, context.db);
  await registerWebApp(app, options.webDistDir ?? null);
  return { app, context, routes };
}
