import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A private, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL clone (reached
 * through `through`'s address when given: a proxy the test can cut, test/cuttable-proxy.ts).
 */
export async function openTestDatabase(options: { through?: (url: string) => string } = {}): Promise<Database> {
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) {
    const template = fs.readFileSync(inject('pgliteTemplatePath'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
  }
  const name = `steward_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE steward_template`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ kind: 'postgres', url: options.through ? options.through(url) : url, maxConnections: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The test PostgreSQL server's address (onPostgres() only). */
export function testPostgresAddress(): { host: string; port: number } {
  const url = new URL(inject('postgresAdminUrl'));
  return { host: url.hostname, port: Number(url.port) };
}

/** True when this run is against PostgreSQL (some PGlite-only features are skipped there). */
export const onPostgres = (): boolean => Boolean(inject('postgresAdminUrl'));
