import type { Catalog, ColumnShape, TableShape } from './catalog.ts';

/** One way the migrated database and the one built from schema.ts disagree. */
export interface Difference {
  /** What differs, as an allow-list names it: `table users`, `column users.email`, `index jobs.jobs_ready_idx`, … */
  object: string;
  message: string;
}

/** A difference that is expected, because Drizzle cannot express the object. */
export interface AllowedDifference {
  object: string;
  reason: string;
}

const MIGRATIONS = 'the migrations';
const SCHEMA = 'schema.ts';

/** Every difference between the database the migrations built and the one schema.ts describes. */
export function diffCatalogs(migrated: Catalog, fromSchema: Catalog): Difference[] {
  const differences: Difference[] = [];
  for (const [name, inMigrations, inSchema] of pairs(migrated.tables, fromSchema.tables)) {
    if (inMigrations && inSchema) differences.push(...diffTables(name, inMigrations, inSchema));
    else differences.push(onlyIn(`table ${name}`, inMigrations ? MIGRATIONS : SCHEMA));
  }
  differences.push(...diffDefinitions('function', migrated.functions, fromSchema.functions));
  differences.push(...diffDefinitions('enum', migrated.enums, fromSchema.enums));
  return differences;
}

/** Splits differences into the unexplained ones and the allow-list entries nothing needed any more. */
export function applyAllowList(
  differences: readonly Difference[],
  allowList: readonly AllowedDifference[],
): { drift: Difference[]; stale: AllowedDifference[] } {
  const allowed = new Set(allowList.map((entry) => entry.object));
  const found = new Set(differences.map((difference) => difference.object));
  return {
    drift: differences.filter((difference) => !allowed.has(difference.object)),
    stale: allowList.filter((entry) => !found.has(entry.object)),
  };
}

function diffTables(table: string, migrated: TableShape, fromSchema: TableShape): Difference[] {
  const differences: Difference[] = [];
  if (migrated.kind !== fromSchema.kind) {
    differences.push(differs(`table ${table}`, 'kind', migrated.kind, fromSchema.kind));
  }
  for (const [column, inMigrations, inSchema] of pairs(migrated.columns, fromSchema.columns)) {
    const object = `column ${table}.${column}`;
    if (inMigrations && inSchema) differences.push(...diffColumns(object, inMigrations, inSchema));
    else differences.push(onlyIn(object, inMigrations ? MIGRATIONS : SCHEMA));
  }
  for (const [definition, inMigrations, inSchema] of pairs(migrated.constraints, fromSchema.constraints)) {
    if (inMigrations === undefined || inSchema === undefined) {
      const name = inMigrations ?? inSchema;
      differences.push(onlyIn(`constraint ${table} ${definition}`, inMigrations ? MIGRATIONS : SCHEMA, ` (named ${name})`));
    }
  }
  differences.push(...diffDefinitions(`index ${table}.`, migrated.indexes, fromSchema.indexes));
  differences.push(...diffDefinitions(`trigger ${table}.`, migrated.triggers, fromSchema.triggers));
  return differences;
}

const COLUMN_ATTRIBUTES: readonly [keyof ColumnShape, string][] = [
  ['type', 'type'],
  ['notNull', 'nullability'],
  ['default', 'default'],
  ['identity', 'identity'],
  ['generated', 'generated expression'],
  ['sequence', 'sequence'],
  ['collation', 'collation'],
];

function diffColumns(object: string, migrated: ColumnShape, fromSchema: ColumnShape): Difference[] {
  return COLUMN_ATTRIBUTES.filter(([key]) => migrated[key] !== fromSchema[key]).map(([key, label]) =>
    differs(object, label, show(migrated[key]), show(fromSchema[key])),
  );
}

/** Objects known by name with one definition each (indexes, triggers, functions, enums). */
function diffDefinitions(kind: string, migrated: Map<string, string>, fromSchema: Map<string, string>): Difference[] {
  const prefix = kind.endsWith('.') ? kind : `${kind} `;
  const differences: Difference[] = [];
  for (const [name, inMigrations, inSchema] of pairs(migrated, fromSchema)) {
    const object = `${prefix}${name}`;
    if (inMigrations !== undefined && inSchema !== undefined) {
      if (inMigrations !== inSchema) differences.push(differs(object, 'definition', inMigrations, inSchema));
    } else {
      differences.push(onlyIn(object, inMigrations !== undefined ? MIGRATIONS : SCHEMA, `: ${inMigrations ?? inSchema}`));
    }
  }
  return differences;
}

/** Every key of either map, sorted, with its value on each side. */
function pairs<Value>(left: Map<string, Value>, right: Map<string, Value>): [string, Value | undefined, Value | undefined][] {
  return [...new Set([...left.keys(), ...right.keys()])]
    .sort()
    .map((key) => [key, left.get(key), right.get(key)]);
}

function onlyIn(object: string, side: string, detail = ''): Difference {
  return { object, message: `${object}: only in ${side}${detail}` };
}

function differs(object: string, what: string, inMigrations: string, inSchema: string): Difference {
  return {
    object,
    message: `${object}: ${what} differs\n    ${MIGRATIONS}: ${inMigrations}\n    ${SCHEMA}: ${inSchema}`,
  };
}

function show(value: string | boolean | null): string {
  if (typeof value === 'boolean') return value ? 'NOT NULL' : 'nullable';
  return value ?? '(none)';
}
