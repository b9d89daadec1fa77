import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { DatabaseReachability } from './db/database-reachability.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import type { Metrics } from './lib/metrics.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { KnowledgeStore } from './modules/knowledge/knowledge-store.ts';
import type { Draining } from './plugins/draining.ts';

/** What every module's routes are given: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Whether the database answers (PostgreSQL can go away and come back; the embedded one cannot). */
  databaseReachability: DatabaseReachability;
  /** Set when a graceful stop begins: the health calls answer 503 from then on. */
  draining: Draining;
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
