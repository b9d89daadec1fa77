import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { MAIL_QUEUE, mailJobHandler, NOTIFICATION_MAIL_QUEUE } from '../mail/mail-queue.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { DOCUMENT_INGESTION_QUEUE, DOCUMENT_REINDEX_QUEUE } from '../modules/documents/document-ingestion-queue.ts';
import { documentIngestionHandler, documentReindexHandler } from '../modules/documents/document-ingestion.ts';
import { DOCUMENT_URL_SYNC_QUEUE } from '../modules/documents/document-url-sync-queue.ts';
import { documentUrlSyncHandler } from '../modules/documents/document-url-sync.ts';
import { SITE_CRAWL_QUEUE, siteCrawlHandler } from '../modules/documents/site-crawl.ts';
import { SITE_SYNC_SCHEDULE_QUEUE, siteSyncScheduleHandler } from '../modules/documents/site-sync-schedule.ts';
import { INFORM_THE_BOT_INDEXING_QUEUE, informTheBotIndexingHandler } from '../modules/inform-the-bot/inform-the-bot-indexing.ts';
import type { KnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import { KNOWLEDGE_WINDOWS_QUEUE } from '../modules/knowledge/knowledge-indexing.ts';
import { knowledgeWindowsHandler } from '../modules/knowledge/knowledge-windows-job.ts';
import { KNOWLEDGE_REINDEX_QUEUE } from '../modules/knowledge/knowledge-reindex.actions.ts';
import { knowledgeReindexHandler } from '../modules/knowledge/knowledge-reindex-job.ts';
import { PASSWORD_RESET_QUEUE, passwordResetRequestHandler } from '../modules/auth/password-reset-request.ts';
import { HELP_REQUEST_CREATED_QUEUE } from '../modules/help-requests/help-request-created.ts';
import { helpRequestNotificationHandler } from '../modules/help-requests/help-request-notifications.ts';
import { WEEKLY_REPORT_QUEUE, weeklyReportHandler } from '../modules/weekly-report/weekly-report-job.ts';
import { COVERAGE_GAP_ALERTS_QUEUE, coverageGapAlertsHandler } from '../modules/insights/coverage-gap-alerts.ts';
import { WEBHOOK_DELIVERY_QUEUE } from '../modules/webhooks/webhook-delivery-queue.ts';
import { webhookDeliveryHandler } from '../modules/webhooks/webhook-delivery.ts';
import { CLEAN_UP_QUEUE, cleanUpHandler } from './clean-up.ts';
import type { JobHandler } from '../jobs/job-queue.ts';

/** Every kind of background work Steward does, by queue name: the one place handlers are registered. */
export function createJobHandlers(deps: { db: Db; config: Config; log: FastifyBaseLogger; mailTransport: MailTransport; knowledge: KnowledgeStore }): Map<string, JobHandler> {
  const sendMail = mailJobHandler(deps.mailTransport, new URL(deps.config.publicUrl).hostname, deps.db, deps.log);
  const handlers: [string, JobHandler][] = [
    [MAIL_QUEUE, sendMail],
    [NOTIFICATION_MAIL_QUEUE, sendMail],
    [PASSWORD_RESET_QUEUE, passwordResetRequestHandler(deps)],
    [HELP_REQUEST_CREATED_QUEUE, helpRequestNotificationHandler(deps)],
    [CLEAN_UP_QUEUE, cleanUpHandler(deps)],
    [WEBHOOK_DELIVERY_QUEUE, webhookDeliveryHandler(deps)],
    [DOCUMENT_INGESTION_QUEUE, documentIngestionHandler(deps)],
    [DOCUMENT_REINDEX_QUEUE, documentReindexHandler(deps)],
    [SITE_CRAWL_QUEUE, siteCrawlHandler(deps)],
    [SITE_SYNC_SCHEDULE_QUEUE, siteSyncScheduleHandler(deps)],
    [DOCUMENT_URL_SYNC_QUEUE, documentUrlSyncHandler(deps)],
    [INFORM_THE_BOT_INDEXING_QUEUE, informTheBotIndexingHandler(deps)],
    [KNOWLEDGE_WINDOWS_QUEUE, knowledgeWindowsHandler(deps)],
    [KNOWLEDGE_REINDEX_QUEUE, knowledgeReindexHandler(deps)],
    [WEEKLY_REPORT_QUEUE, weeklyReportHandler(deps)],
    [COVERAGE_GAP_ALERTS_QUEUE, coverageGapAlertsHandler(deps)],
  ];
  // A Map keeps the last of two handlers of one name: jobs of the first would silently run the second.
  const shared = handlers.map(([queue]) => queue).filter((queue, index, queues) => queues.indexOf(queue) !== index);
  if (shared.length > 0) throw new Error(`Two job handlers share the queue name ${shared.join(', ')}.`);
  return new Map(handlers);
}

/**
 * Queues whose jobs can run for minutes (parsing and embedding a long PDF). They get a worker of their
 * own, so an invitation or a password-reset mail never waits behind a document.
 */
export const SLOW_QUEUES: ReadonlySet<string> = new Set([DOCUMENT_INGESTION_QUEUE, DOCUMENT_REINDEX_QUEUE, SITE_CRAWL_QUEUE, DOCUMENT_URL_SYNC_QUEUE, INFORM_THE_BOT_INDEXING_QUEUE, KNOWLEDGE_WINDOWS_QUEUE, KNOWLEDGE_REINDEX_QUEUE, COVERAGE_GAP_ALERTS_QUEUE]);

/**
 * Queues whose jobs call others' servers and may wait for them up to WEBHOOK_TIMEOUT_MS (a webhook or Slack
 * receiver that never answers), and the mails one event sends to many staff at once (hundreds of approval
 * requests, each a call to the mail server). They get a worker of their own too, so an invitation or a
 * password-reset mail never waits behind them.
 */
export const OUTBOUND_QUEUES: ReadonlySet<string> = new Set([WEBHOOK_DELIVERY_QUEUE, NOTIFICATION_MAIL_QUEUE]);

/** The handlers split into the lanes that each get a worker: quick jobs, calls to others' servers, then the slow ones. */
export function jobLanes(handlers: ReadonlyMap<string, JobHandler>): Map<string, JobHandler>[] {
  const quick = new Map<string, JobHandler>();
  const outbound = new Map<string, JobHandler>();
  const slow = new Map<string, JobHandler>();
  for (const [queue, handler] of handlers) (SLOW_QUEUES.has(queue) ? slow : OUTBOUND_QUEUES.has(queue) ? outbound : quick).set(queue, handler);
  return [quick, outbound, slow].filter((lane) => lane.size > 0);
}
