import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { scheduleCleanUp } from './worker/clean-up.ts';
import { jobLanes } from './worker/job-handlers.ts';
import { releaseInterruptedJobs, startJobWorker } from './jobs/job-queue.ts';
import { requireWebBuild } from './plugins/web-build.ts';
import { requireWidgetBuild } from './plugins/widget-build.ts';
import { ensureFirstAdministrator } from './setup/first-admin.ts';
import type { FirstAdministrator } from './setup/start-banner.ts';
import { dataDirFailure } from './start-up-failure.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Created or invited at this start (no staff account existed). */
  firstAdministrator: FirstAdministrator | undefined;
  stop(): Promise<void>;
}

/**
 * Checks the dashboard build, opens the database (taking DATA_DIR's lock on PGlite), migrates,
 * and listens. Any failure closes what was opened, so nothing half-started keeps running.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const webDistDir = requireWebBuild();
  const widgetBuild = requireWidgetBuild();
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDirOrExplain(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openPgliteOrExplain(config.dataDir);
    const { app, context } = await buildApp({ config, database, webDistDir, widgetBuild });
    if (!webDistDir) app.log.warn('No dashboard build found: serving the API only (run `npm run build`, or the Vite dev server).');
    if (config.allowPrivateUrls) {
      app.log.warn('ALLOW_PRIVATE_URLS=true: document URLs may reach loopback and private network addresses. For tests only: never set it in production.');
    }
    await migrate(database, app.log);
    const firstAdministrator = await ensureFirstAdministrator(database.db, config, app.log);
    await scheduleCleanUp(database.db);
    if (!config.databaseUrl) {
      const released = await releaseInterruptedJobs(database.db);
      if (released > 0) app.log.warn(`${released} background job(s) interrupted by the last stop will run again.`);
    }
    await context.knowledge.prepare(app.log);
    await app.listen({ port: config.port, host: config.host });
    const workers = jobLanes(context.jobHandlers).map((lane) => startJobWorker(context.db, lane, app.log));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = database;
    return {
      app,
      database,
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
      firstAdministrator,
      stop: async () => {
        await app.close();
        await Promise.all(workers.map((worker) => worker.stop()));
        await openDb.close();
        releaseLock();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

function lockDataDirOrExplain(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    throw dataDirFailure(dataDir, error);
  }
}

async function openPgliteOrExplain(dataDir: string): Promise<Database> {
  try {
    return await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  } catch (error) {
    throw dataDirFailure(dataDir, error);
  }
}
