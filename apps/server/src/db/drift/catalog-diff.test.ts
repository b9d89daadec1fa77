import { describe, expect, it } from 'vitest';
import type { Catalog, ColumnShape, TableShape } from './catalog.ts';
import { applyAllowList, diffCatalogs } from './catalog-diff.ts';

const column = (shape: Partial<ColumnShape> = {}): ColumnShape => ({
  type: 'text',
  notNull: true,
  default: null,
  identity: null,
  generated: null,
  sequence: null,
  collation: null,
  ...shape,
});

const table = (shape: Partial<TableShape> = {}): TableShape => ({
  kind: 'table',
  columns: new Map([['id', column({ type: 'integer', identity: 'ALWAYS' })], ['name', column()]]),
  constraints: new Map([['PRIMARY KEY (id)', 'things_pkey']]),
  indexes: new Map([['things_name_idx', 'CREATE INDEX things_name_idx ON public.things USING btree (name)']]),
  triggers: new Map(),
  ...shape,
});

const catalog = (things: TableShape = table(), functions = new Map<string, string>()): Catalog => ({
  tables: new Map([['things', things]]),
  functions,
  enums: new Map(),
});

describe('diffCatalogs', () => {
  it('finds nothing between equal catalogs', () => {
    expect(diffCatalogs(catalog(), catalog())).toEqual([]);
  });

  it('names the column and both values when a default differs', () => {
    const changed = table({ columns: new Map([['id', column({ type: 'integer', identity: 'ALWAYS' })], ['name', column({ default: "'x'::text" })]]) });
    expect(diffCatalogs(catalog(), catalog(changed))).toEqual([
      {
        object: 'column things.name',
        message: "column things.name: default differs\n    the migrations: (none)\n    schema.ts: 'x'::text",
      },
    ]);
  });

  it('says which side has a table or column the other lacks', () => {
    const withoutName = table({ columns: new Map([['id', column({ type: 'integer', identity: 'ALWAYS' })]]) });
    expect(diffCatalogs(catalog(), catalog(withoutName)).map((difference) => difference.message)).toEqual([
      'column things.name: only in the migrations',
    ]);
    expect(diffCatalogs({ ...catalog(), tables: new Map() }, catalog()).map((difference) => difference.message)).toEqual([
      'table things: only in schema.ts',
    ]);
  });

  it('matches constraints by definition, not by name', () => {
    const renamed = table({ constraints: new Map([['PRIMARY KEY (id)', 'things_id_pk']]) });
    expect(diffCatalogs(catalog(), catalog(renamed))).toEqual([]);
    const otherKey = table({ constraints: new Map([['PRIMARY KEY (name)', 'things_pkey']]) });
    expect(diffCatalogs(catalog(), catalog(otherKey)).map((difference) => difference.object)).toEqual([
      'constraint things PRIMARY KEY (id)',
      'constraint things PRIMARY KEY (name)',
    ]);
  });

  it('compares indexes by name and whole definition', () => {
    const descending = table({ indexes: new Map([['things_name_idx', 'CREATE INDEX things_name_idx ON public.things USING btree (name DESC)']]) });
    expect(diffCatalogs(catalog(), catalog(descending)).map((difference) => difference.object)).toEqual(['index things.things_name_idx']);
  });
});

describe('applyAllowList', () => {
  const functionOnlyInMigrations = catalog(table(), new Map([['count_things()', 'CREATE FUNCTION …']]));

  it('lets through what the list names and reports entries nothing needs', () => {
    const differences = diffCatalogs(functionOnlyInMigrations, catalog());
    expect(
      applyAllowList(differences, [
        { object: 'function count_things()', reason: 'Drizzle has no functions' },
        { object: 'trigger things.gone', reason: 'removed long ago' },
      ]),
    ).toEqual({ drift: [], stale: [{ object: 'trigger things.gone', reason: 'removed long ago' }] });
  });
});
