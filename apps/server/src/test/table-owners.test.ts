import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { REPOSITORY_ROOT } from './test-data.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * One owner per table (docs/architecture.md, "Modules and their borders"): the one module that writes a table, or
 * for the ground floor the one file. Everyone else asks it, through its actions and repositories.
 */
const OWNERS: Record<string, string> = {
  answer_sources: 'history',
  audit_log: 'audit-log',
  auth_tokens: 'auth',
  bot_settings: 'bot-settings',
  chat_sessions: 'history',
  document_file_parts: 'documents',
  document_files: 'documents',
  document_url_sources: 'documents',
  documents: 'documents',
  feedback: 'feedback',
  fun_facts: 'bot-settings',
  help_request_replies: 'help-requests',
  help_requests: 'help-requests',
  history: 'history',
  inform_the_bot: 'inform-the-bot',
  integration_keys: 'integration-keys',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  jobs: 'jobs/job-queue.ts',
  knowledge_chunk_exclusions: 'knowledge',
  knowledge_chunk_windows: 'knowledge',
  knowledge_chunks: 'knowledge',
  knowledge_store: 'knowledge',
  // Kept by triggers on knowledge_chunks (migrations 1000, 3200), so written by whoever writes the chunks.
  knowledge_terms: 'knowledge',
  knowledge_totals: 'knowledge',
  list_counters: 'lib/list-counters.ts',
  login_throttles: 'auth',
  rate_limits: 'lib/rate-limit.ts',
  // Seeded by the migrations from the contract's defaults; nothing in the server writes it.
  role_capabilities: 'db/migrations',
  schema_migrations: 'db/migrate.ts',
  passkey_challenges: 'auth',
  passkeys: 'auth',
  second_factor_challenges: 'auth',
  second_factors: 'auth',
  recovery_codes: 'auth',
  sign_in_policy: 'auth',
  sso_break_glass: 'auth',
  sso_sessions: 'auth',
  sso_settings: 'auth',
  server_secrets: 'lib/server-secrets.ts',
  sessions: 'auth',
  site_pages: 'documents',
  site_sources: 'documents',
  site_syncs: 'documents',
  statistics_revision: 'statistics',
  statistics_rollup_quarter: 'statistics',
  statistics_totals: 'statistics',
  trusted_browsers: 'auth',
  users: 'auth',
  weekly_report_offer: 'weekly-report',
  weekly_report_sends: 'weekly-report',
  coverage_gap_alerts: 'insights',
  weekly_report_subscriptions: 'weekly-report',
};

const SERVER_SOURCE = path.join(REPOSITORY_ROOT, 'apps', 'server', 'src');

/** The server's product code: not tests, their harness, the package's entries for the bench, or the migrations (the database's own writes). */
function productFiles(dir = SERVER_SOURCE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const relative = path.relative(SERVER_SOURCE, file);
    if (entry.isDirectory()) return relative === 'test' || relative === path.join('db', 'migrations') ? [] : productFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !['test-support.ts', 'knowledge-internals.ts'].includes(relative) ? [file] : [];
  });
}

/** Who a file writes as: its module (`modules/<name>/…`), or on the other floors the file itself. */
const writerOf = (file: string): string => {
  const relative = path.relative(SERVER_SOURCE, file).split(path.sep).join('/');
  return /^modules\/([^/]+)\//.exec(relative)?.[1] ?? relative;
};

/** The tables a text's SQL writes: INSERT INTO, UPDATE, DELETE FROM and TRUNCATE of a known table. */
const sqlWrites = (text: string, tables: ReadonlySet<string>): string[] =>
  [...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+([a-z_][a-z0-9_]*)/g)].flatMap((match) => (match[1] && tables.has(match[1]) ? [match[1]] : []));

/** What a file says to the database and through Drizzle, read from its syntax tree, so that no comment counts. */
interface FileWrites {
  /** Its strings and template texts: the SQL it sends. */
  texts: string[];
  /** A statement writes a table named in a variable (`DELETE FROM ${TABLE_NAMES[table]}`). */
  dynamic: boolean;
  /** The tables it names as a bare sql`table` fragment: what a dynamic write may write. */
  named: string[];
  /** The tables of db/schema.ts it writes through Drizzle's insert, update and delete. */
  drizzle: string[];
}

function readFile(file: string): FileWrites {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FileWrites = { texts: [], dynamic: false, named: [], drizzle: [] };
  const tableOf = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.endsWith('/db/schema.ts')) {
      const bindings = node.importClause?.namedBindings;
      for (const element of bindings && ts.isNamedImports(bindings) ? bindings.elements : []) {
        const value: unknown = (schema as Record<string, unknown>)[(element.propertyName ?? element.name).text];
        if (is(value, PgTable)) tableOf.set(element.name.text, getTableName(value));
      }
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.texts.push(node.text);
      if ((ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) && /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s*$/.test(node.text)) found.dynamic = true;
      if (ts.isNoSubstitutionTemplateLiteral(node) && /^[a-z_]+$/.test(node.text)) found.named.push(node.text);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['insert', 'update', 'delete'].includes(node.expression.name.text)) {
      const [argument] = node.arguments;
      const table = argument && ts.isIdentifier(argument) ? tableOf.get(argument.text) : undefined;
      if (table) found.drizzle.push(table);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The database's own writers: its functions (with the functions they call) and the triggers that run them. */
interface DatabaseWriters {
  tables: Set<string>;
  /** Each function that writes, with the tables it writes. */
  functions: Map<string, Set<string>>;
  /** Each table with the tables its triggers write when it is written. */
  triggers: Map<string, Set<string>>;
}

async function databaseWriters(database: Database): Promise<DatabaseWriters> {
  const tables = new Set((await sqlRows<{ name: string }>(database.db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).map((row) => row.name));
  const bodies = await sqlRows<{ name: string; body: string }>(database.db, sql`
    SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
    WHERE p.pronamespace = 'public'::regnamespace AND l.lanname IN ('sql', 'plpgsql')`);
  // A body's `-- …` comments aside, so prose about a table is not a write.
  const functions = new Map(bodies.map((row) => [row.name, new Set(sqlWrites(row.body.replace(/--.*$/gm, ''), tables))]));
  // A function writes what the functions it calls write.
  for (let changed = true; changed; ) {
    changed = false;
    for (const { name, body } of bodies) {
      const writes = functions.get(name) ?? new Set<string>();
      for (const [callee, calleeWrites] of functions) {
        if (callee === name || !new RegExp(`\\b${callee}\\s*\\(`).test(body)) continue;
        for (const table of calleeWrites) {
          if (writes.has(table)) continue;
          writes.add(table);
          changed = true;
        }
      }
    }
  }
  const triggers = new Map<string, Set<string>>();
  for (const row of await sqlRows<{ table: string; function: string }>(database.db, sql`
    SELECT c.relname AS table, p.proname AS function FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE NOT t.tgisinternal`)) {
    triggers.set(row.table, new Set([...(triggers.get(row.table) ?? []), ...(functions.get(row.function) ?? [])]));
  }
  return { tables, functions: new Map([...functions].filter(([, writes]) => writes.size > 0)), triggers };
}

/** Every (table, writer) the server's source writes, directly, through a function it calls, or by a trigger of a table it writes. */
function sourceWrites({ tables, functions, triggers }: DatabaseWriters): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const file of productFiles()) {
    const { texts, dynamic, named, drizzle } = readFile(file);
    const sent = texts.join('\n');
    const written = new Set([...sqlWrites(sent, tables), ...(dynamic ? named.filter((name) => tables.has(name)) : []), ...drizzle]);
    for (const [name, writes] of functions) if (new RegExp(`\\b${name}\\s*\\(`).test(sent)) for (const table of writes) written.add(table);
    for (const table of [...written]) for (const fired of triggers.get(table) ?? []) written.add(fired);
    for (const table of written) writers.set(table, new Set([...(writers.get(table) ?? []), writerOf(file)]));
  }
  return writers;
}

let database: Database;
let writers: Map<string, Set<string>>;
let tables: Set<string>;
beforeAll(async () => {
  database = await openTestDatabase();
  const found = await databaseWriters(database);
  tables = found.tables;
  writers = sourceWrites(found);
});
afterAll(() => database.close());

describe('one owner per table', () => {
  it('names the owner of every table the migrations make, and of no other', () => {
    expect(Object.keys(OWNERS).sort()).toEqual([...tables].sort());
  });

  it('finds no writer of a table but its owner', () => {
    const others = [...writers].flatMap(([table, found]) => [...found].filter((writer) => writer !== OWNERS[table]).map((writer) => `${table} ← ${writer}`));
    expect(others.sort()).toEqual([]);
  });

  it('sees the writes it judges: every owner that writes in the server is found writing', () => {
    const quiet = Object.entries(OWNERS).filter(([table, owner]) => owner !== 'db/migrations' && !writers.get(table)?.has(owner));
    expect(quiet).toEqual([]);
  });
});
