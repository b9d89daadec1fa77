import { sql } from 'drizzle-orm';
import { check, customType, type ExtraConfigColumn, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Generic in the name, so the column's SQL name stays a literal type (SqlRow keys rows by it). */
export const timestamptz = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The CHECK that holds a text column to its enum values, so the database refuses what the type
 * refuses. Pass the same constant as the column's `enum`: Drizzle does not hand the values to
 * the table's extra config (`enumValues` is undefined there at run time, whatever its type says).
 * Named as PostgreSQL names a column's CHECK (`<table>_<column>_check`).
 */
export function enumCheck(name: string, column: PgColumn, values: readonly string[]) {
  if (values.length === 0) throw new Error(`${name}: a CHECK needs at least one value.`);
  const literals = values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`));
  return check(name, sql`${column} IN (${sql.join(literals, sql`, `)})`);
}

/**
 * DESC as SQL means it, with NULLs first. Drizzle's `.desc()` alone writes DESC NULLS LAST,
 * which is another index (one that `ORDER BY … DESC` cannot use).
 */
export const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst();
