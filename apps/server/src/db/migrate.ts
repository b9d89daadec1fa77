import { StartUpError } from '../start-up-error.ts';
import type { Database } from './client.ts';
import { allMigrations } from './migrations/all-migrations.ts';
import type { Migration } from './migrations/migration.ts';

export interface MigrationLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Applies the migrations not yet recorded, in order, each in its own transaction.
 * One that needs a missing extension is skipped (and tried again at the next start).
 * A database holding migrations this version does not know was upgraded by a newer Steward, whose
 * migrations may have replaced tables and functions this version reads (1200 and 1800 did): it is refused,
 * and nothing is applied, rather than served with errors on those calls.
 */
export async function migrate(
  database: Database,
  log: MigrationLog,
  migrations: readonly Migration[] = allMigrations,
): Promise<void> {
  await database.withMigrationLock(async () => {
    await database.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = [...applied].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) throw new StartUpError(newerDatabase(unknown));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      if (migration.requiresExtension && !(await hasExtension(database, migration.requiresExtension))) {
        log.warn(
          `Skipping migration ${migration.name}: the PostgreSQL extension "${migration.requiresExtension}" is not available on this server, so document search is off.`,
        );
        continue;
      }
      await database.execScript(
        `${migration.sql}\nINSERT INTO schema_migrations (name) VALUES ('${migration.name.replaceAll("'", "''")}');`,
      );
      done.push(migration.name);
    }
    // One line, not one per migration (a new database applies them all).
    if (done.length === 1) log.info(`Applied migration ${done[0]}`);
    else if (done.length > 1) log.info(`Applied ${done.length} migrations (${done[0]} to ${done.at(-1)})`);
  });
}

/**
 * How the database stands against this version's migrations, for the readiness check: the ones it has not
 * applied (but those skipped for want of an extension the server does not have), and ones a newer version applied.
 */
export async function migrationState(database: Database, migrations: readonly Migration[] = allMigrations): Promise<{ pending: string[]; unknown: string[] }> {
  const applied = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  const known = new Set(migrations.map((migration) => migration.name));
  const pending: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    if (migration.requiresExtension && !(await hasExtension(database, migration.requiresExtension))) continue;
    pending.push(migration.name);
  }
  return { pending, unknown: [...applied].filter((name) => !known.has(name)).sort() };
}

export async function hasExtension(database: Database, name: string): Promise<boolean> {
  const rows = await database.query<{ available: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = $1) AS available',
    [name],
  );
  return rows[0]?.available === true;
}

const newerDatabase = (unknown: readonly string[]): string =>
  `this database was upgraded by a newer version of Steward: it holds ${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.join(', ')}, ` +
  'which this version does not know. Start the newer version, or restore the backup taken before the upgrade.';
