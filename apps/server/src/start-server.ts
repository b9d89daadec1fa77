import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir, lockFilePath } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { scheduleCleanUp } from './worker/clean-up.ts';
import { scheduleSiteSyncs } from './modules/documents/site-sync-schedule.ts';
import { scheduleWeeklyReports } from './modules/weekly-report/weekly-report-job.ts';
import { scheduleCoverageGapAlerts } from './modules/insights/coverage-gap-alerts.ts';
import { jobLanes } from './worker/job-handlers.ts';
import { jobOwnerName, releaseInterruptedJobs } from './jobs/job-queue.ts';
import { startJobWorker } from './jobs/job-worker.ts';
import { requireWebBuild } from './plugins/web-build.ts';
import { requireWidgetBuild } from './plugins/widget-build.ts';
import { backupSocketPath, listenForBackups } from './setup/backup-socket.ts';
import { outboxFolder } from './mail/outbox.ts';
import { ensureFirstAdministrator } from './setup/first-admin.ts';
import type { FirstAdministrator } from './setup/start-banner.ts';
import { dataDirFailure } from './start-up-failure.ts';
import { keepNewFilesPrivate, makePrivate, type PrivacyRepair } from './lib/private-files.ts';

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
  // DATA_DIR is the server's user's alone: what this process writes, and what an older version left readable.
  keepNewFilesPrivate();
  const repaired = makeDataDirPrivate(config.dataDir);
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDirOrExplain(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openPgliteOrExplain(config.dataDir);
    const { app, context } = await buildApp({ config, database, webDistDir, widgetBuild });
    if (!webDistDir) app.log.warn('No dashboard build found: serving the API only (run `npm run build`, or the Vite dev server).');
    logPrivacyRepair(app.log, repaired);
    if (config.allowPrivateUrls) {
      app.log.warn('ALLOW_PRIVATE_URLS=true: document URLs may reach loopback and private network addresses. For tests only: never set it in production.');
    }
    await migrate(database, app.log);
    const firstAdministrator = await ensureFirstAdministrator(database.db, config, app.log);
    await scheduleCleanUp(database.db);
    await scheduleSiteSyncs(database.db);
    await scheduleWeeklyReports(database.db);
    await scheduleCoverageGapAlerts(database.db);
    // On PostgreSQL other instances hold jobs too: only this instance's previous run's are released.
    const jobOwner = jobOwnerName(config.port);
    const released = await releaseInterruptedJobs(database.db, config.databaseUrl ? jobOwner : undefined);
    if (released > 0) app.log.warn(`${released} background job(s) interrupted by the last stop will run again.`);
    await context.knowledge.prepare(app.log);
    await app.listen({ port: config.port, host: config.host });
    const stopBackups = config.databaseUrl ? async () => undefined : await listenForBackups(config.dataDir, database, app.log);
    const workers = jobLanes(context.jobHandlers).map((lane) => startJobWorker(context.db, lane, app.log, { owner: jobOwner, metrics: context.metrics, reachability: context.databaseReachability }));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = database;
    return {
      app,
      database,
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
      firstAdministrator,
      // A graceful stop (SIGTERM, a deploy): first the drain (health answers 503 and every answer closes its
      // connection, while requests are still served: the load balancer takes the instance out), then no new
      // requests or jobs; requests in flight get HTTP_STOP_GRACE_MS, a job in hand is told to stop and, if it cannot
      // within the workers' grace, is handed back without losing an attempt.
      stop: async () => {
        context.draining.begin();
        const workersStopped = Promise.all(workers.map((worker) => worker.stop()));
        if (config.stopDrainMs > 0) {
          app.log.info(`Stopping: the health calls answer 503 for ${config.stopDrainMs / 1000} s (STOP_DRAIN_SECONDS) before connections are refused.`);
          await new Promise((resolve) => setTimeout(resolve, config.stopDrainMs));
        }
        await closeWithin(app, HTTP_STOP_GRACE_MS);
        await workersStopped;
        await stopBackups();
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

/**
 * DATA_DIR itself and what Steward keeps in it made the server's user's alone: only those, so a DATA_DIR set to a
 * folder that holds other things (it should not) keeps their modes. A DATA_DIR that is not a directory is left as
 * it is: the lock's check then says so in one clear line.
 */
function makeDataDirPrivate(dataDir: string): PrivacyRepair {
  const repair: PrivacyRepair = { changed: 0, failed: [] };
  if (!isDirectory(dataDir)) return repair;
  makePrivate(dataDir, repair, false);
  for (const kept of [pgliteDir(dataDir), outboxFolder(dataDir), lockFilePath(dataDir), backupSocketPath(dataDir)]) makePrivate(kept, repair);
  return repair;
}

/** False for a path that is missing, a file, or below a file (ENOTDIR). */
function isDirectory(target: string): boolean {
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR, set by the operator
    return fs.statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/** One line when the start took other users' access off DATA_DIR's files (an install made before issue 52). */
function logPrivacyRepair(log: FastifyInstance['log'], repair: PrivacyRepair): void {
  if (repair.changed > 0) {
    const what = repair.changed === 1 ? '1 file or directory' : `${repair.changed} files and directories`;
    log.warn(`Made ${what} in DATA_DIR private to the server's user (0700 directories, 0600 files): other local users could read ${repair.changed === 1 ? 'it' : 'them'}.`);
  }
  if (repair.failed.length > 0) {
    const count = repair.failed.length === 1 ? '1 file in DATA_DIR is' : `${repair.failed.length} files in DATA_DIR are`;
    log.warn(`${count} still readable by other users and could not be changed (another user's?), e.g. ${repair.failed[0] ?? ''}: chmod go-rwx ${repair.failed.length === 1 ? 'it' : 'them'}.`);
  }
}

/** How long a graceful stop waits for requests in flight (an upload, an export) before closing their connections. */
const HTTP_STOP_GRACE_MS = 15_000;

async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    }),
  ]);
  clearTimeout(timer);
  if (!closed) {
    app.log.warn(`Requests still running ${graceMs / 1000} s after the stop began were cut off.`);
    app.server.closeAllConnections();
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

const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pglite');

async function openPgliteOrExplain(dataDir: string): Promise<Database> {
  try {
    return await openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) });
  } catch (error) {
    throw dataDirFailure(dataDir, error);
  }
}
