import path from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { rebuildStatisticsRollup, rowsCompleteSince } from '../modules/statistics/statistics-recount.repository.ts';
import { StartUpError } from '../start-up-error.ts';
import { explainStartUpFailure } from '../start-up-failure.ts';

/**
 * `npm run repair:statistics`: rebuilds the statistics (quarter-hour rollup, running totals) from the raw rows, on the
 * database the server would open (DATA_DIR or DATABASE_URL). On the embedded database it takes
 * DATA_DIR's lock, so it refuses to run while the server is up; on PostgreSQL it may run live.
 * Once the retention deleted rows it counted (docs/privacy.md), it recounts only the quarters whose rows are all
 * still stored and keeps the older ones as counted; `--since=YYYY-MM-DD` recounts from that day (UTC) on,
 * `--since=all` everything (periods whose rows the retention deleted then read as empty).
 */
const sinceArgument = (): Date | 'all' | undefined => {
  const given = process.argv.slice(2).find((argument) => argument.startsWith('--since='))?.slice('--since='.length);
  if (given === undefined) return undefined;
  if (given === 'all') return 'all';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(given) || Number.isNaN(Date.parse(`${given}T00:00:00Z`))) {
    throw new StartUpError(`--since takes a day (YYYY-MM-DD) or "all" (got "${given}").`);
  }
  return new Date(`${given}T00:00:00Z`);
};

async function repairStatistics(): Promise<void> {
  const given = sinceArgument();
  const config = readConfig();
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    try {
      const log = { info: (message: string) => process.stdout.write(`${message}\n`), warn: (message: string) => process.stderr.write(`${message}\n`) };
      await migrate(database, log);
      const since = given === 'all' ? undefined : (given ?? (await rowsCompleteSince(database.db)));
      const started = Date.now();
      const quarters = await rebuildStatisticsRollup(database.db, since);
      const from = since ? ` from ${since.toISOString()} on (the quarters before kept as counted)` : '';
      process.stdout.write(`Statistics rebuilt from the raw rows${from}: ${quarters} quarter ${quarters === 1 ? 'hour' : 'hours'} in ${Date.now() - started} ms.\n`);
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
