import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { type AllowedDifference, applyAllowList, diffCatalogs, type Difference } from './drift/catalog-diff.ts';
import { readCatalog } from './drift/catalog.ts';
import { openEmptyDatabase } from './drift/empty-database.ts';
import { schemaDdl } from './drift/schema-ddl.ts';
import { SEARCH_CONFIGURATION_SQL } from './search-configuration.ts';
import { SEARCH_TEXT_FUNCTION_SQL } from './search-text.ts';
import { TEXT_KEY_FUNCTION_SQL } from './text-key.ts';
import { hasExtension, migrate } from './migrate.ts';
import * as schema from './schema.ts';

/**
 * What only the migrations create, because Drizzle has no way to say it. Each entry names the
 * object as the drift report does. An entry nothing matches any more fails the test too.
 */
const ONLY_IN_MIGRATIONS: readonly AllowedDifference[] = [
  {
    object: 'function audit_log_append_only()',
    reason: 'Migration 0700: the trigger function that keeps the audit log append-only. Drizzle does not declare functions.',
  },
  {
    object: 'trigger audit_log.audit_log_append_only',
    reason: 'Migration 0700: refuses UPDATE and DELETE on the audit log (except the retention purge). Drizzle does not declare triggers.',
  },
  {
    object: 'trigger audit_log.audit_log_no_truncate',
    reason: 'Migration 0700: refuses TRUNCATE on the audit log. Drizzle does not declare triggers.',
  },
  ...['knowledge_terms_count(terms text[], change integer)', 'knowledge_terms_of_statement()', 'knowledge_terms_of_row()', 'steward_any_lexeme(terms text[])'].map((name) => ({
    object: `function ${name}`,
    reason: 'Migration 1000: how many chunks hold each lexeme, and a question\'s rarest lexemes as a query. Drizzle does not declare functions.',
  })),
  ...[
    'steward_first_walk_rows(count_cap integer, table_rows double precision, most integer, entry_in_rows double precision)',
    'steward_walks_on(found integer, count_cap integer, walked bigint, table_rows double precision, entry_in_rows double precision)',
    ...['history', 'feedback', 'help_requests'].map(
      (table) =>
        `steward_newest_${table}(q tsquery, fragments text[], count_cap integer, window_offset integer, window_limit integer, first_walk_most integer, entry_in_rows double precision, second_walk_share double precision)`,
    ),
  ].map((name) => ({
    object: `function ${name}`,
    reason: 'Migration 1100: a search\'s newest matches in each searched table, and how it decides to walk or use the index. Drizzle does not declare functions.',
  })),
  {
    object: 'function steward_count_statistics(at_quarter timestamp with time zone, add_sessions integer, add_questions integer, add_up_ratings integer, add_down_ratings integer)',
    reason: 'Migration 1200: adds to a quarter hour\'s statistics and keeps the running totals true. Drizzle does not declare functions.',
  },
  {
    object: 'function steward_recount_statistics()',
    reason: 'Migration 1200: the statistics recounted from the raw rows (the migration and npm run repair:statistics). Drizzle does not declare functions.',
  },
  {
    object: 'function steward_statistics_fingerprint()',
    reason: 'Migration 3341: what the statistics totals are as of now, in one read, so a server answers from the totals it kept. Drizzle does not declare functions.',
  },
  {
    object: 'function steward_personal_data_masking()',
    reason: "Migration 3300: whether visitors' personal data is masked, read on every request that answers it, with its statement kept prepared. Drizzle does not declare functions.",
  },
  {
    object: 'function steward_recount_statistics_since(since timestamp with time zone)',
    reason: 'Migration 2901: the statistics recounted from the raw rows from a moment on (npm run repair:statistics after a retention). Drizzle does not declare functions.',
  },
  ...[['history', 'gaps_only boolean'], ['feedback', 'rating_filter text'], ['help_requests', 'status_filter text']].map(([table, filter]) => ({
    object:
      `function steward_${table}_page(${filter}, top_time timestamp with time zone, top_id bigint, known_total bigint, most_newer integer, ` +
      'anchor_time timestamp with time zone, anchor_id bigint, skip integer, take integer, OUT total_count bigint, OUT newer integer, OUT page text)',
    reason: 'Migration 1300: one page of a list, its counter and the page anchors\' check. Drizzle does not declare functions.',
  })),
  {
    object:
      'function steward_history_shown_page(gaps_only boolean, top_time timestamp with time zone, top_id bigint, known_total bigint, most_newer integer, ' +
      'anchor_time timestamp with time zone, anchor_id bigint, skip integer, take integer, OUT total_count bigint, OUT newer integer, OUT page text, OUT ready boolean)',
    reason: "Migration 3720: one page of History as its answer's rows, whether every row could be written so, its counter and the page anchors' check. Drizzle does not declare functions.",
  },
  ...[['feedback', 'rating_filter text'], ['help_requests', 'status_filter text']].map(([table, filter]) => ({
    object:
      `function steward_${table}_shown_page(${filter}, top_time timestamp with time zone, top_id bigint, known_total bigint, most_newer integer, ` +
      'anchor_time timestamp with time zone, anchor_id bigint, skip integer, take integer, OUT total_count bigint, OUT newer integer, OUT page text, OUT ready boolean)',
    reason: "Migration 3740: one page of a list as its answer's rows, whether every row could be written so, its counter and the page anchors' check. Drizzle does not declare functions.",
  })),
  ...['history', 'feedback', 'help_requests'].map((table) => ({
    object:
      `function steward_${table}_hits(q tsquery, fragments text[], count_cap integer, window_offset integer, window_limit integer, ` +
      'first_walk_most integer, entry_in_rows double precision, second_walk_share double precision)',
    reason: 'Migration 1400: a search group\'s hits and count as the API answers them. Drizzle does not declare functions.',
  })),
  {
    object: 'function steward_session_user(session_hash text)',
    reason: 'Migration 1600: the signed-in user behind a session, with a kept plan. Drizzle does not declare functions.',
  },
  {
    object: 'function steward_user_account_hits(fragments text[], count_cap integer, window_offset integer, window_limit integer)',
    reason: 'Migration 1700: the global search\'s staff accounts as the API answers them. Drizzle does not declare functions.',
  },
  {
    object:
      'function steward_statistics_totals_before(moments timestamp with time zone[], known_revision bigint, unknown integer)',
    reason: 'Migration 1800: everything counted before each of some moments, and the statistics revision. Drizzle does not declare functions.',
  },
  {
    object: 'function steward_statistics_revised()',
    reason: 'Migration 1800: the trigger function that bumps the statistics revision. Drizzle does not declare functions.',
  },
  {
    object: 'trigger statistics_rollup_quarter.statistics_revised_by_delete',
    reason: 'Migration 1800: deleting rollup rows (the repair) revises the statistics. Drizzle does not declare triggers.',
  },
  ...['insert', 'delete', 'truncate', 'update'].map((event) => ({
    object: `trigger knowledge_chunks.knowledge_terms_${event}`,
    reason: 'Migration 1000: keeps knowledge_terms in step with the chunks whoever writes them. Drizzle does not declare triggers.',
  })),
];

/**
 * Builds one database by running every migration and another from the SQL drizzle-kit generates
 * for schema.ts, then compares what PostgreSQL says about each: tables, columns (type, NOT NULL,
 * default, identity and its sequence, generated expression, collation), constraints (primary keys,
 * unique, foreign keys, checks), indexes (columns, order, method, WHERE), triggers, functions and
 * enums. Extensions are not compared: the schema side creates vector itself, as migration 0002 does.
 */
describe('schema.ts and the migrations', () => {
  let migrated: Database;
  let fromSchema: Database;
  let differences: Difference[];

  beforeAll(async () => {
    migrated = await openEmptyDatabase();
    await migrate(migrated, { info: () => undefined, warn: (message) => console.warn(message) });
    fromSchema = await openEmptyDatabase();
    const { tables, vector } = await schemaTables(fromSchema);
    const ddl = (await schemaDdl(tables)).join('\n');
    // The text search configuration and steward_fold come before any table can use them, as in migration 0600.
    await fromSchema.execScript(SEARCH_CONFIGURATION_SQL);
    // steward_text_key comes before knowledge_chunks' generated column uses it, as in migration 3420.
    await fromSchema.execScript(TEXT_KEY_FUNCTION_SQL);
    // steward_search_text comes before knowledge_chunks' search vector uses it, as in migration 3830.
    await fromSchema.execScript(SEARCH_TEXT_FUNCTION_SQL);
    await fromSchema.execScript(vector ? ddl : withoutVectorColumns(ddl));
    differences = diffCatalogs(await readCatalog(migrated), await readCatalog(fromSchema));
  });
  afterAll(async () => {
    await migrated?.close();
    await fromSchema?.close();
  });

  it('describe the same database', () => {
    const { drift } = applyAllowList(differences, ONLY_IN_MIGRATIONS);
    expect(drift.length, report(drift)).toBe(0);
  });

  it('need every entry of the allow-list', () => {
    const { stale } = applyAllowList(differences, ONLY_IN_MIGRATIONS);
    expect(stale.map((entry) => entry.object), 'Allow-list entries that match no difference: remove them.').toEqual([]);
  });
});

/** The tables of schema.ts, and the vector extension when the server has it. */
async function schemaTables(database: Database): Promise<{ tables: Record<string, PgTable>; vector: boolean }> {
  const vector = await hasExtension(database, 'vector');
  if (vector) await database.execScript('CREATE EXTENSION IF NOT EXISTS vector');
  const tables = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
  return { tables: Object.fromEntries(tables), vector };
}

/**
 * Without pgvector the vector migration is skipped (its columns are added only where the
 * extension exists), so the schema side leaves the vector columns out too, and says so.
 */
function withoutVectorColumns(ddl: string): string {
  const columns = [...ddl.matchAll(/^\s*"([^"]+)" vector\b[^\n]*$/gm)].map((match) => match[1]);
  if (columns.length > 0) console.warn(`No pgvector on this server: the drift check leaves out the vector columns ${columns.join(', ')}.`);
  return ddl.replace(/^\s*"[^"]+" vector\b[^\n]*\n/gm, '').replace(/,(\s*\n\);)/g, '$1');
}

function report(drift: readonly Difference[]): string {
  return [
    `schema.ts and the migrations disagree in ${drift.length} place(s):`,
    ...drift.map((difference) => `  ${difference.message}`),
    'Fix schema.ts, or add a migration (appended to migrations/all-migrations.ts) if the database is wrong.',
    'What Drizzle cannot express goes in ONLY_IN_MIGRATIONS in this file, with the reason.',
  ].join('\n');
}
