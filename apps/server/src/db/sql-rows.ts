import type { Column, SQL, Table } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs raw SQL and answers its rows. Both drivers (PGlite and node-postgres) answer
 * `{ rows }`, but Drizzle's shared database type leaves the result untyped, so the
 * one cast lives here.
 */
export async function sqlRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A row of `T` as raw SQL answers it through sqlRows: keyed by column name (snake_case), each
 * value as the drivers hand it over, which is not always Drizzle's mapped type. Pick what the
 * query selects: `Pick<SqlRow<typeof users>, 'id' | 'email'>`.
 */
export type SqlRow<T extends Table> = {
  [Key in keyof T['_']['columns'] as T['_']['columns'][Key]['_']['name']]: SqlValue<T['_']['columns'][Key]>;
};

/** bigint, and count(*), as raw SQL answers it: a number from PGlite, a string from node-postgres. */
export type SqlBigint = number | string;

/** A count(*) as a number (0 when there was no row). */
export const counted = (value: SqlBigint | null | undefined): number => Number(value ?? 0);

type SqlValue<C extends Column> = RawValue<C['_']['columnType'], C['_']['data']> | (C['_']['notNull'] extends true ? never : null);

/** Drizzle's drivers leave dates and times unparsed in raw results; pgvector and numeric come as text too. */
type AsText =
  | 'PgTimestamp' | 'PgTimestampString' | 'PgDate' | 'PgDateString' | 'PgTime' | 'PgInterval'
  | 'PgNumeric' | 'PgNumericNumber' | 'PgNumericBigInt'
  | 'PgVector' | 'PgHalfVector' | 'PgSparseVector' | 'PgBinaryVector';
type AsBigint = 'PgBigInt53' | 'PgBigInt64' | 'PgBigSerial53' | 'PgBigSerial64';
/** Parsed by both drivers into what Drizzle's types say. */
type AsMapped =
  | 'PgInteger' | 'PgSmallInt' | 'PgSerial' | 'PgSmallSerial' | 'PgReal' | 'PgDoublePrecision'
  | 'PgText' | 'PgVarchar' | 'PgChar' | 'PgUUID' | 'PgBoolean' | 'PgJson' | 'PgJsonb';

/** Column types not listed (custom types, arrays, geometry, …) are unknown until someone checks them. */
type RawValue<ColumnType extends string, Data> = ColumnType extends AsText
  ? string
  : ColumnType extends AsBigint
    ? SqlBigint
    : ColumnType extends AsMapped
      ? Data
      : unknown;
