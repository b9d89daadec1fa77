import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../client.ts';

/**
 * A new, empty database of the kind the test run uses: in-memory PGlite, or a database of its
 * own on the PostgreSQL test server (dropped on close).
 */
export async function openEmptyDatabase(): Promise<Database> {
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) return openDatabase({ kind: 'pglite' });
  const name = `steward_drift_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: adminUrl.replace(/\/postgres$/, `/${name}`), maxConnections: 2 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function runAsAdmin(adminUrl: string, sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}
