import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';

/**
 * The SQL drizzle-kit generates to create these tables from nothing: what schema.ts means in
 * PostgreSQL, by Drizzle's own reading of it. Each statement ends with a semicolon.
 */
export async function schemaDdl(tables: Record<string, unknown>): Promise<string[]> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  return statements.map((statement) => statement.trim().replace(/;?$/, ';'));
}
