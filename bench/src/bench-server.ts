import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbedder } from '@steward/server/knowledge-internals';
import { type Config, type Db, DEVICE_COOKIE_PREFIX, migrate, openDatabase, readConfig, type RunningServer, startServer, upkeepEmbeddedDatabase } from '@steward/server/test-support';
import { DATASET_STAFF } from './dataset/generate-dataset.ts';
import { type DatasetSummary, loadDataset } from './dataset/load-dataset.ts';
import type { ServerMemory, ServerProcessMessage, ServerProcessRequest } from './server-process-messages.ts';

export const BENCH_PASSWORD = 'Bench-Password-1';
const quietLog = { info: () => undefined, warn: (message: string) => process.stderr.write(`${message}\n`) };

/** The generated dataset written, with a line on stderr every 100,000 history rows. */
function loadWithProgress(db: Db, historyRows: number, where: string): Promise<DatasetSummary> {
  let reported = 0;
  return loadDataset(db, {
    historyRows,
    staffPassword: BENCH_PASSWORD,
    onProgress: (rows) => {
      if (rows - reported >= 100_000) {
        reported = rows;
        process.stderr.write(`  … ${rows.toLocaleString('en-US')} history rows${where}\n`);
      }
    },
  });
}

/**
 * A temporary DATA_DIR holding a migrated embedded database filled with `historyRows` generated rows;
 * `fill`, when given, then writes more (the knowledge store, say); then it is vacuumed and analysed, as
 * the server's hourly clean-up would have done, and closed.
 */
export async function prepareDataDir(historyRows: number, fill?: (db: Db) => Promise<void>): Promise<{ dataDir: string; summary: DatasetSummary }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `steward-bench-${historyRows}-`));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(database, quietLog);
    const summary = await loadWithProgress(database.db, historyRows, '');
    if (fill) await fill(database.db);
    // A running server's hourly clean-up does this (embedded-upkeep.ts); the dataset arrived all at once.
    await upkeepEmbeddedDatabase(database.db);
    return { dataDir, summary };
  } finally {
    await database.close();
  }
}

/**
 * BENCH_DATABASE_URL's database emptied (its public schema dropped and made again), migrated and filled with
 * `historyRows` generated rows, then analysed; with a temporary DATA_DIR for the server beside it. Refused
 * unless the database's name says "bench": the bench deletes everything in it.
 */
export async function preparePostgresDatabase(url: string, historyRows: number): Promise<{ dataDir: string; summary: DatasetSummary }> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/bench/i.test(name)) throw new Error(`BENCH_DATABASE_URL names the database "${name}": the bench empties it, so its name must hold "bench" (createdb steward_bench).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `steward-bench-pg-${historyRows}-`));
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.execScript('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await migrate(database, quietLog);
    const summary = await loadWithProgress(database.db, historyRows, ' (PostgreSQL)');
    await database.query('ANALYZE');
    return { dataDir, summary };
  } finally {
    await database.close();
  }
}

/** What the bench server runs with besides its data dir and port: loopback only, warnings only, the built-in embedder. */
const BENCH_ENVIRONMENT = { HOST: '127.0.0.1', LOG_LEVEL: 'warn' } as const;

/** The server's settings for a bench data dir, on a free port. */
export const benchConfig = (dataDir: string, settings: Readonly<Record<string, string>> = {}): Config =>
  readConfig({ DATA_DIR: dataDir, PORT: '0', ...BENCH_ENVIRONMENT, ...settings });

/** The real server (start-server.ts) on the data dir, in this process, from source; `settings` as environment variables. */
export async function startBenchServer(dataDir: string, settings: Readonly<Record<string, string>> = {}): Promise<RunningServer> {
  return startServer(benchConfig(dataDir, settings));
}

export interface ServerProcess {
  url: string;
  /** A bare Fastify route in the server's process: the ceiling authenticate-user is compared with. */
  bareUrl: string;
  /** The resident set of the server's process: now, after a full garbage collection, and its peak (restarted after this report with `restartPeak`). */
  memory(options?: { restartPeak?: boolean }): Promise<ServerMemory>;
  stop(): Promise<void>;
}

/**
 * The shipped server (apps/server/dist/main.js, as `npm start` runs it) on the data dir, in a process of its
 * own (server-process.mjs), so the load generator does not share its thread (a server that blocks would
 * stall the clock measuring it) and its RSS is its own. Its environment holds only its settings and PATH, so
 * the shell's variables cannot change what is measured (`settings` adds some of the caller's). The calls that read the server's database directly
 * use startBenchServer instead.
 */
export async function forkBenchServer(dataDir: string, settings: Readonly<Record<string, string>> = {}): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'server-process.mjs'), [], {
    // Only so that the memory report can collect garbage once, at the end: it changes nothing else.
    execArgv: ['--expose-gc'],
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...BENCH_ENVIRONMENT, ...settings },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends ServerProcessMessage['type']>(type: T) => nextMessage(child, type);
  const { url, bareUrl } = await next('listening');
  return {
    url,
    bareUrl,
    memory: async ({ restartPeak = false } = {}) => {
      const answer = next('memory');
      child.send({ type: 'memory', restartPeak } satisfies ServerProcessRequest);
      const { rssBytes, afterGcBytes, peakBytes, liveBytes, mostLiveBytes } = await answer;
      return { rssBytes, afterGcBytes, peakBytes, liveBytes, mostLiveBytes };
    },
    // As an operator stops it: the server finishes its requests and closes the database.
    stop: async () => {
      const running = child.exitCode === null && child.signalCode === null;
      const exited = new Promise<number | null>((resolve) => (running ? child.once('exit', resolve) : resolve(child.exitCode)));
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`The bench server's process stopped with exit code ${code}, not 0.`);
    },
  };
}

/** The child's next message of `type`; its exit before that is an error. */
function nextMessage<T extends ServerProcessMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ServerProcessMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerProcessMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage).off('exit', onExit);
      resolve(message as Extract<ServerProcessMessage, { type: T }>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`The bench server's process ended (exit code ${code}) before it sent "${type}".`));
    };
    child.on('message', onMessage).once('exit', onExit);
  });
}

export const benchStaff = DATASET_STAFF[2];
/** The dataset's first administrator: uploading documents takes upload_document. */
export const benchAdmin = DATASET_STAFF[0];

/** The longest a sign-in waits out the login throttle (the history part's login measurement trips it for 127.0.0.1). */
const MOST_THROTTLE_WAIT_SECONDS = 300;

/**
 * Signs one of the dataset's staff in (its viewer unless told) and answers the session cookie header. A 429
 * is waited out once, as its Retry-After says: every bench call comes from 127.0.0.1, whose failed sign-ins
 * the login measurement may have used up for a few minutes.
 */
export async function signIn(url: string, staff: { email: string } = benchStaff): Promise<string> {
  const attempt = () =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: staff.email, password: BENCH_PASSWORD }),
    });
  let response = await attempt();
  const waitSeconds = Number(response.headers.get('retry-after'));
  if (response.status === 429 && waitSeconds > 0 && waitSeconds <= MOST_THROTTLE_WAIT_SECONDS) {
    process.stderr.write(`  sign-in throttled (the login measurement's storm): waiting ${waitSeconds} s\n`);
    await new Promise((resolve) => setTimeout(resolve, (waitSeconds + 1) * 1000));
    response = await attempt();
  }
  if (!response.ok) throw new Error(`Bench login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new Error('Bench login set no cookie.');
  return cookie;
}

/**
 * The device cookies of `count` browsers that have each signed in once (OWASP's device cookies, which the
 * server's sign-in throttle keys on): a login storm from them measures the password check, where one address
 * sending 50 sign-ins at once for one account is refused as the attack it looks like.
 */
export async function signedInDevices(url: string, count: number): Promise<string[]> {
  const devices: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const device = (await signIn(url)).split('; ').find((cookie) => cookie.startsWith(DEVICE_COOKIE_PREFIX));
    if (!device) throw new Error('Bench login set no device cookie.');
    devices.push(device);
  }
  return devices;
}

/** The embedder the server makes from the bench config (USE-lite): the same model, tokenizer and worker. */
export const benchEmbedder = () => createEmbedder(benchConfig(os.tmpdir()));

/** The headers of a same-site call from the dashboard, signed in. */
export const browserHeaders = (url: string, cookie: string) => ({ cookie, origin: url, 'sec-fetch-site': 'same-origin' });

/** The rows of an answer, or an error naming the call when it failed. */
export async function answerRows<Row>(response: Response, call: string): Promise<Row[]> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as { data?: { rows?: Row[] } };
  return body.data?.rows ?? [];
}
