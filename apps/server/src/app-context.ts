import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import type { Metrics } from './lib/metrics.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { KnowledgeStore } from './modules/knowledge/knowledge-store.ts';

/** What every module's routes are given: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** Every background job's handler by queue (worker/job-handlers.ts); start-server.ts runs them. */
  jobHandlers: Map<string, JobHandler>;
  /** Sends mail now (SMTP or the outbox). Routes queue mail with enqueueMail (mail/mail-queue.ts) instead. */
  mailTransport: MailTransport;
  /** The embedder and the knowledge store's mode (vectors or full text): documents and retrieval. */
  knowledge: KnowledgeStore;
  /** What GET /metrics reports (lib/metrics.ts). */
  metrics: Metrics;
}
