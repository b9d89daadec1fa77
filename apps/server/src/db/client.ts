import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createTurns } from './event-loop-turns.ts';
import { applyTextTypeParsers, dropRedundantParsers } from './pglite-text-parsers.ts';
import { createStatementCache } from './pglite-statement-cache.ts';
import { OwnerOnlyNodeFS } from './owner-only-node-fs.ts';
import * as schema from './schema.ts';
import type { PoolUse } from '../lib/metrics.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The open database: typed queries through `db`, plus the raw access migrations need. */
export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Runs a script of several statements in one transaction. */
  execScript(sqlText: string): Promise<void>;
  /** Plain query for the few places that need raw SQL (migrations, health). */
  query<Row>(sqlText: string, params?: unknown[]): Promise<Row[]>;
  /** Serialises migrations across app instances sharing one server. */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections, for GET /metrics. */
  poolUse?: () => PoolUse;
  /**
   * PostgreSQL only: told of every connection that breaks (a restart, a failover, pg_terminate_backend), idle or
   * in use, so the app can check whether the database is gone (db/database-reachability.ts).
   */
  onConnectionError?: (listener: (error: Error) => void) => () => void;
  /**
   * PostgreSQL only: answers when a new connection (not one of the pool's, which may all be busy) can run a query,
   * throws when the server cannot be reached.
   */
  checkConnection?: () => Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

/**
 * The embedded database's buffer pool, half PostgreSQL's default of 128 MB. The pool is resident in the server's
 * process from the start (PGlite's WebAssembly memory), on top of the operating system's page cache that holds
 * the same files; at 64 MB a fresh server starts about 60 MB smaller. 32 MB saved 60 MB more, but searches run
 * beside other work slowed tenfold on the evaluation's store (docs/operations.md); at 64 MB nothing measured moved.
 */
export const PGLITE_SHARED_BUFFERS = '64MB';

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // On disk, through a file system whose files only the server's user may read (owner-only-node-fs.ts).
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { vector, pg_trgm, unaccent },
  });
  applyTextTypeParsers(client);
  return {
    db: drizzlePglite({ client: dropRedundantParsers(client, createTurns(), createStatementCache(client)), schema }) as unknown as Db,
    dialect: 'pglite',
    execScript: async (sqlText) => {
      await client.transaction(async (transaction) => {
        await transaction.exec(sqlText);
      });
    },
    query: async <Row>(sqlText: string, params: unknown[] = []) =>
      (await client.query<Row>(sqlText, params)).rows,
    // One process owns a PGlite data directory (see data-dir-lock.ts), so there is nothing to serialise.
    withMigrationLock: (work) => work(),
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}

/** How long a new PostgreSQL connection may take before the server counts as not answering. */
const CONNECTION_TIMEOUT_MS = 5_000;

/** Any fixed number works; it only has to be the same in every Steward instance. */
const MIGRATION_LOCK_ID = 742_319_001;

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  // JIT off for every connection (a startup option, so it holds before the first statement): the dashboard's
  // statements are short index reads whose plans PostgreSQL may still cost high enough to compile. The page
  // functions' generic plans (1300) cost ~285k at a million history rows and spent ~25 ms of a 0.4 ms read in
  // JIT, on every call. An `options` parameter in DATABASE_URL replaces this one.
  // A server that does not answer a connection within 5 s counts as gone, so requests fail rather than hang; TCP
  // keep-alive finds connections a network failure left half open.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    options: '-c jit=off',
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    keepAlive: true,
  });
  const connectionErrorListeners = new Set<(error: Error) => void>();
  const connectionBroke = (error: Error) => {
    for (const listener of connectionErrorListeners) listener(error);
  };
  // A connection the server closes (restart, failover, pg_terminate_backend) emits 'error' on its client, and an
  // EventEmitter's 'error' without a listener is thrown: the pool listens on idle clients only, so a client in use
  // (a transaction between two statements, a query waiting for its answer) crashed the process. Every client gets
  // a listener of its own for its whole life; the pool drops a broken client when it is released.
  pool.on('error', connectionBroke);
  pool.on('connect', (client) => client.on('error', connectionBroke));
  await pool.query('SELECT 1');
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as Db,
    dialect: 'postgres',
    execScript: async (sqlText) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(sqlText);
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    query: async <Row>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as Row[],
    withMigrationLock: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        return await work();
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onConnectionError: (listener) => {
      connectionErrorListeners.add(listener);
      return () => connectionErrorListeners.delete(listener);
    },
    checkConnection: async () => {
      const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}
