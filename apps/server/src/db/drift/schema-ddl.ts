import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';

// Loading drizzle-kit/api adds enumerable helpers to Array.prototype ("random") and String.prototype ("camelCase",
// "snake_case"…). Server test files share their worker, where an enumerable one breaks `for…in` in the files
// after this one (pdf.js then refuses every PDF): drizzle-kit keeps its helpers, no longer enumerable.
for (const prototype of [Array.prototype, String.prototype]) {
  for (const key of Object.keys(prototype)) Object.defineProperty(prototype, key, { enumerable: false });
}

/**
 * The SQL drizzle-kit generates to create these tables from nothing: what schema.ts means in
 * PostgreSQL, by Drizzle's own reading of it. Each statement ends with a semicolon.
 */
export async function schemaDdl(tables: Record<string, unknown>): Promise<string[]> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  return statements.map((statement) => statement.trim().replace(/;?$/, ';'));
}
