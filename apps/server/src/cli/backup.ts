import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { explainStartUpFailure } from '../start-up-failure.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup.ts';
import { keepNewFilesPrivate } from '../lib/private-files.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded database (DATA_DIR). On
 * PostgreSQL (DATABASE_URL) use pg_dump and pg_restore: docs/operations.md, "Backups".
 */
async function main(): Promise<void> {
  keepNewFilesPrivate();
  const { positionals } = parseArgs({ allowPositionals: true, args: process.argv.slice(2) });
  const [command, file] = positionals;
  if ((command !== 'backup' && command !== 'restore') || !file || positionals.length !== 2) {
    throw new Error('Usage: npm run backup -- <file.tar.gz>, or npm run restore -- <file.tar.gz> (into an empty DATA_DIR).');
  }
  const config = readConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, "Backups").');
  if (command === 'backup') {
    const bytes = await backupEmbeddedDatabase(config.dataDir, file);
    process.stdout.write(`Backed up DATA_DIR ${config.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).\n`);
  } else {
    await restoreEmbeddedDatabase(config.dataDir, file);
    process.stdout.write(`Restored ${file} into DATA_DIR ${config.dataDir}: start the server with this DATA_DIR.\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${explainStartUpFailure(error)}\n`);
  process.exit(1);
});
