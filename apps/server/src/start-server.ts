import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { startJobWorker } from './jobs/job-queue.ts';
import { ensureFirstAdministrator } from './setup/first-admin.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database (taking DATA_DIR's lock on PGlite), migrates, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    const { app, context } = await buildApp({ config, database });
    await migrate(database, app.log);
    await ensureFirstAdministrator(database.db, config, app.log);
    await app.listen({ port: config.port, host: config.host });
    const worker = startJobWorker(database.db, context.jobHandlers, app.log);
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = database;
    return {
      app,
      database,
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
      stop: async () => {
        await app.close();
        await worker.stop();
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
