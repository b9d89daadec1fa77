import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobHandler } from './jobs/job-queue.ts';

/** What every module's routes are given: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** Modules add the background work they own here (queue name → handler); main.ts runs them. */
  jobHandlers: Map<string, JobHandler>;
}
