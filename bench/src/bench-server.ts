import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, readConfig } from '../../apps/server/src/config.ts';
import { type Db, openDatabase } from '../../apps/server/src/db/client.ts';
import { upkeepEmbeddedDatabase } from '../../apps/server/src/db/embedded-upkeep.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { type RunningServer, startServer } from '../../apps/server/src/start-server.ts';
import { DATASET_STAFF } from './dataset/generate-dataset.ts';
import { type DatasetSummary, loadDataset } from './dataset/load-dataset.ts';

export const BENCH_PASSWORD = 'Bench-Password-1';
const quietLog = { info: () => undefined, warn: (message: string) => process.stderr.write(`${message}\n`) };

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
    let reported = 0;
    const summary = await loadDataset(database.db, {
      historyRows,
      staffPassword: BENCH_PASSWORD,
      onProgress: (rows) => {
        if (rows - reported >= 100_000) {
          reported = rows;
          process.stderr.write(`  … ${rows.toLocaleString('en-US')} history rows\n`);
        }
      },
    });
    if (fill) await fill(database.db);
    // A running server's hourly clean-up does this (embedded-upkeep.ts); the dataset arrived all at once.
    await upkeepEmbeddedDatabase(database.db);
    return { dataDir, summary };
  } finally {
    await database.close();
  }
}

/** The server's settings for a bench data dir: a free loopback port, warnings only, the built-in embedder. */
export const benchConfig = (dataDir: string): Config => readConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });

/** The real server (start-server.ts) on the data dir, on a free loopback port. */
export async function startBenchServer(dataDir: string): Promise<RunningServer> {
  return startServer(benchConfig(dataDir));
}

export const benchStaff = DATASET_STAFF[2];
/** The dataset's first administrator: uploading documents takes upload_document. */
export const benchAdmin = DATASET_STAFF[0];

/** Signs one of the dataset's staff in (its viewer unless told) and answers the session cookie header. */
export async function signIn(url: string, staff: { email: string } = benchStaff): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: staff.email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Bench login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new Error('Bench login set no cookie.');
  return cookie;
}
