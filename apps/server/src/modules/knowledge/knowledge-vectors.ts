import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/** Whether chunks' windows carry embeddings here: pgvector was available when migration 2101 ran. */
export async function hasVectorColumn(db: Db): Promise<boolean> {
  const rows = await sqlRows<{ present: boolean }>(db, sql`
    SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'knowledge_chunk_windows' AND column_name = 'embedding') AS present`);
  return rows[0]?.present === true;
}

/**
 * A vector as pgvector's text input: '[0.1,0.2,…]'. pgvector keeps 32-bit floats, which 9 significant digits
 * give back exactly; a float64's 17 made the text half again as long, and sending and parsing it took ~0.3 ms
 * of every search on the embedded database.
 */
export const vectorLiteral = (vector: ArrayLike<number>): string => `[${Array.from(vector, (value) => Number(Math.fround(value).toPrecision(9))).join(',')}]`;

/** The HNSW index for one dimension, on the expression the searches use (the column itself has no fixed dimension). */
export async function ensureVectorIndex(db: Db, dimensions: number): Promise<void> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) throw new Error(`Unexpected embedding dimension ${dimensions}.`);
  await db.execute(sql.raw(`CREATE INDEX IF NOT EXISTS ${VECTOR_INDEX_PREFIX}${dimensions}_idx
    ON knowledge_chunk_windows USING hnsw ((embedding::vector(${dimensions})) vector_cosine_ops)`));
}

/** ensureVectorIndex's indexes are named this, then the dimension and `_idx`. */
export const VECTOR_INDEX_PREFIX = 'knowledge_chunk_windows_embedding_';

export interface StoredModel {
  model: string;
  dimensions: number;
}

export async function readStoredModel(db: Db): Promise<StoredModel | undefined> {
  const rows = await sqlRows<{ embedding_model: string; embedding_dimensions: number }>(db, sql`
    SELECT embedding_model, embedding_dimensions FROM knowledge_store WHERE id = 1`);
  const row = rows[0];
  return row ? { model: row.embedding_model, dimensions: row.embedding_dimensions } : undefined;
}

/** Records the model the vectors are made with; answers the stored one when another model got there first. */
export async function recordModel(db: Db, model: StoredModel): Promise<StoredModel> {
  await db.execute(sql`
    INSERT INTO knowledge_store (id, embedding_model, embedding_dimensions) VALUES (1, ${model.model}, ${model.dimensions})
    ON CONFLICT (id) DO NOTHING`);
  const stored = await readStoredModel(db);
  if (!stored) throw new Error('The knowledge store model could not be recorded.');
  return stored;
}

/** Before re-embedding with another model: the model is recorded again with the first new vectors. */
export async function forgetStoredModel(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM knowledge_store WHERE id = 1`);
}

/** Drops every per-dimension HNSW index ensureVectorIndex made. */
export async function dropVectorIndexes(db: Db): Promise<void> {
  const indexes = await sqlRows<{ indexname: string }>(db, sql`
    SELECT indexname FROM pg_indexes WHERE tablename = 'knowledge_chunk_windows' AND indexname ~ ${`^${VECTOR_INDEX_PREFIX}[0-9]+_idx$`}`);
  for (const { indexname } of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${indexname}`));
}
