import path from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { rebuildStatisticsRollup } from '../modules/statistics/statistics-rollup-rebuild.ts';
import { explainStartUpFailure } from '../start-up-failure.ts';

/**
 * `npm run repair:statistics`: rebuilds the statistics (quarter-hour rollup, running totals) from the raw rows, on the
 * database the server would open (DATA_DIR or DATABASE_URL). On the embedded database it takes
 * DATA_DIR's lock, so it refuses to run while the server is up; on PostgreSQL it may run live.
 */
async function repairStatistics(): Promise<void> {
  const config = readConfig();
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    try {
      const log = { info: (message: string) => process.stdout.write(`${message}\n`), warn: (message: string) => process.stderr.write(`${message}\n`) };
      await migrate(database, log);
      const started = Date.now();
      const quarters = await rebuildStatisticsRollup(database.db);
      process.stdout.write(`Statistics rebuilt from the raw rows: ${quarters} quarter ${quarters === 1 ? 'hour' : 'hours'} in ${Date.now() - started} ms.\n`);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

repairStatistics().catch((error: unknown) => {
  process.stderr.write(`Statistics repair failed: ${explainStartUpFailure(error)}\n`);
  process.exit(1);
});
