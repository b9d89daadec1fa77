import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { startPostgresServer } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data directory, already migrated: each test file loads its own copy. */
    pgliteTemplatePath: string;
    /** Set when the suite runs against PostgreSQL: a server URL without the database name. */
    postgresAdminUrl: string;
  }
}

const quietLog = { info: () => undefined, warn: (message: string) => console.warn(message) };

/** Prepares one migrated database template for the whole run: a fresh initdb per test file costs seconds. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.STEWARD_TEST_DB === 'postgres') {
    const server = await startPostgresServer();
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE steward_template');
    await admin.end();
    const template = await openDatabase({ kind: 'postgres', url: server.url('steward_template'), maxConnections: 3 });
    await migrate(template, quietLog);
    await template.close();
    project.provide('postgresAdminUrl', server.url('postgres'));
    project.provide('pgliteTemplatePath', '');
    console.log('API tests run against a PostgreSQL server on a loopback port.');
    return () => server.stop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-template-'));
  const templatePath = path.join(dir, 'template.tar.gz');
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database, quietLog);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('PGlite could not dump its data directory.');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('postgresAdminUrl', '');
  project.provide('pgliteTemplatePath', templatePath);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
