import type { Database } from '../client.ts';

/**
 * The shape of a database's public schema, as PostgreSQL itself prints it (format_type,
 * pg_get_expr, pg_get_indexdef, pg_get_constraintdef), so two databases built by different
 * SQL compare equal exactly when PostgreSQL sees the same thing.
 */
export interface Catalog {
  tables: Map<string, TableShape>;
  /** Functions written by us (not by an extension), by name and argument types, to their definition. */
  functions: Map<string, string>;
  /** Enum types, by name, to their labels in order. */
  enums: Map<string, string>;
}

export interface TableShape {
  /** 'table', 'view', … (pg_class.relkind spelled out). */
  kind: string;
  columns: Map<string, ColumnShape>;
  /**
   * Constraints by their definition, to their name. Names are not compared: Drizzle names foreign
   * keys and unique constraints its own way (`…_fk`, `…_unique`), PostgreSQL another (`…_fkey`, `…_key`).
   */
  constraints: Map<string, string>;
  /** Indexes that do not back a constraint, by name, to their CREATE INDEX statement. */
  indexes: Map<string, string>;
  /** Triggers by name, to their CREATE TRIGGER statement. */
  triggers: Map<string, string>;
}

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
  /** 'ALWAYS' or 'BY DEFAULT' for identity columns. */
  identity: string | null;
  /** The expression of a generated column. */
  generated: string | null;
  /** The sequence a serial or identity column owns, with its settings. */
  sequence: string | null;
  /** Set only when it is not the type's default collation. */
  collation: string | null;
}

const RELATION_KINDS: Record<string, string> = { r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view' };

/** Reads the public schema, leaving out the migration runner's own bookkeeping table. */
export async function readCatalog(database: Database): Promise<Catalog> {
  const tables = new Map<string, TableShape>();
  for (const row of await database.query<{ name: string; kind: string }>(RELATIONS)) {
    tables.set(row.name, {
      kind: RELATION_KINDS[row.kind] ?? row.kind,
      columns: new Map(),
      constraints: new Map(),
      indexes: new Map(),
      triggers: new Map(),
    });
  }
  const table = (name: string): TableShape | undefined => tables.get(name);

  for (const row of await database.query<ColumnRow>(COLUMNS)) {
    table(row.table_name)?.columns.set(row.column_name, {
      type: row.type,
      notNull: row.not_null,
      default: row.generated ? null : row.default_expr,
      identity: { a: 'ALWAYS', d: 'BY DEFAULT' }[row.identity] ?? null,
      generated: row.generated ? `${row.default_expr ?? ''} STORED` : null,
      sequence: row.sequence,
      collation: row.collation,
    });
  }
  for (const row of await database.query<NamedDefinitionRow>(CONSTRAINTS)) {
    table(row.table_name)?.constraints.set(row.definition, row.name);
  }
  for (const row of await database.query<NamedDefinitionRow>(INDEXES)) {
    table(row.table_name)?.indexes.set(row.name, row.definition);
  }
  for (const row of await database.query<NamedDefinitionRow>(TRIGGERS)) {
    table(row.table_name)?.triggers.set(row.name, row.definition);
  }
  const functions = new Map(
    (await database.query<NamedDefinitionRow>(FUNCTIONS)).map((row) => [row.name, row.definition]),
  );
  const enums = new Map((await database.query<NamedDefinitionRow>(ENUMS)).map((row) => [row.name, row.definition]));
  return { tables, functions, enums };
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
  identity: string;
  generated: boolean;
  sequence: string | null;
  collation: string | null;
}

interface NamedDefinitionRow {
  table_name: string;
  name: string;
  definition: string;
}

const PUBLIC = `(SELECT oid FROM pg_namespace WHERE nspname = 'public')`;

/** Objects an extension created (pgvector's functions and types live in public too). */
const NOT_FROM_EXTENSION = (oid: string, catalog: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.objid = ${oid} AND e.classid = '${catalog}'::regclass AND e.deptype = 'e')`;

const RELATIONS = /* sql */ `
SELECT c.relname AS name, c.relkind AS kind
  FROM pg_class c
 WHERE c.relnamespace = ${PUBLIC} AND c.relkind IN ('r', 'p', 'v', 'm') AND c.relname <> 'schema_migrations'`;

const COLUMNS = /* sql */ `
SELECT c.relname AS table_name, a.attname AS column_name,
       format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null,
       pg_get_expr(d.adbin, d.adrelid) AS default_expr,
       a.attidentity::text AS identity,
       a.attgenerated <> '' AS generated,
       (SELECT format('%s %s start %s increment %s min %s max %s cache %s%s',
                      seq.relname, format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement,
                      s.seqmin, s.seqmax, s.seqcache, CASE WHEN s.seqcycle THEN ' cycle' ELSE '' END)
          FROM pg_depend dep
          JOIN pg_class seq ON seq.oid = dep.objid AND seq.relkind = 'S'
          JOIN pg_sequence s ON s.seqrelid = seq.oid
         WHERE dep.refobjid = c.oid AND dep.refobjsubid = a.attnum AND dep.deptype IN ('a', 'i')) AS sequence,
       CASE WHEN a.attcollation <> t.typcollation THEN (SELECT collname FROM pg_collation WHERE oid = a.attcollation) END AS collation
  FROM pg_attribute a
  JOIN pg_class c ON c.oid = a.attrelid
  JOIN pg_type t ON t.oid = a.atttypid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE c.relnamespace = ${PUBLIC} AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`;

const CONSTRAINTS = /* sql */ `
SELECT c.relname AS table_name, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
  FROM pg_constraint con
  JOIN pg_class c ON c.oid = con.conrelid
 WHERE c.relnamespace = ${PUBLIC}
   AND con.contype <> 'n' -- NOT NULL, a constraint row since PostgreSQL 18, is compared with the column`;

const INDEXES = /* sql */ `
SELECT c.relname AS table_name, i.relname AS name, pg_get_indexdef(i.oid) AS definition
  FROM pg_index x
  JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class c ON c.oid = x.indrelid
 WHERE c.relnamespace = ${PUBLIC}
   AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.oid AND con.conrelid = c.oid)`;

const TRIGGERS = /* sql */ `
SELECT c.relname AS table_name, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
  FROM pg_trigger t
  JOIN pg_class c ON c.oid = t.tgrelid
 WHERE c.relnamespace = ${PUBLIC} AND NOT t.tgisinternal`;

const FUNCTIONS = /* sql */ `
SELECT '' AS table_name, format('%s(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) AS name,
       pg_get_functiondef(p.oid) AS definition
  FROM pg_proc p
 WHERE p.pronamespace = ${PUBLIC} AND p.prokind IN ('f', 'p') AND ${NOT_FROM_EXTENSION('p.oid', 'pg_proc')}`;

const ENUMS = /* sql */ `
SELECT '' AS table_name, t.typname AS name, string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) AS definition
  FROM pg_type t
  JOIN pg_enum e ON e.enumtypid = t.oid
 WHERE t.typnamespace = ${PUBLIC} AND ${NOT_FROM_EXTENSION('t.oid', 'pg_type')}
 GROUP BY t.typname`;
