import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { type EmbedderChoice, parseEmbedderChoice } from './embedder-choice.ts';

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

/** The partial HNSW index of one generation's vectors (of one dimension), on the expression the searches use. */
export const vectorIndexName = (generation: number, dimensions: number): string => `${VECTOR_INDEX_PREFIX}g${generation}_d${dimensions}_idx`;

/** ensureVectorIndex's indexes are named this, then the generation and dimension (vectorIndexName). */
export const VECTOR_INDEX_PREFIX = 'knowledge_chunk_windows_embedding_';

const positiveInteger = (value: number, what: string, most: number): string => {
  if (!Number.isInteger(value) || value < 1 || value > most) throw new Error(`Unexpected ${what} ${value}.`);
  return String(value);
};

/**
 * A generation in a statement, as a literal: the planner matches a partial index's `WHERE generation = N` only
 * with the value itself, not a parameter.
 */
export const generationLiteral = (generation: number) => sql.raw(positiveInteger(generation, 'generation', 2 ** 31 - 1));

/**
 * The HNSW index of one generation's vectors, made before the generation answers (start-up for the active one, the
 * re-index job for the one it builds). Partial, so each generation's index holds only its own vectors.
 */
export async function ensureVectorIndex(db: Db, generation: number, dimensions: number): Promise<void> {
  const width = positiveInteger(dimensions, 'embedding dimension', 16000);
  await db.execute(sql.raw(`CREATE INDEX IF NOT EXISTS ${vectorIndexName(generation, dimensions)}
    ON knowledge_chunk_windows USING hnsw ((embedding::vector(${width})) vector_cosine_ops) WHERE generation = ${positiveInteger(generation, 'generation', 2 ** 31 - 1)}`));
}

export interface StoredModel {
  model: string;
  dimensions: number;
}

/** The generation being built by the re-index job, with its embedder; model and dimensions once it embedded. */
export interface BuildingGeneration {
  generation: number;
  embedder: EmbedderChoice;
  model: string | null;
  dimensions: number | null;
  /** The last failure of the job (the embeddings API's, say), cleared by its next batch written. */
  error: string | null;
  /** npm run reindex's re-reading of documents and items, while under way: the job does not switch before it ends. */
  rechunk: RechunkProgress | undefined;
}

/** How far npm run reindex re-read: the last document and the last Inform-the-Bot item done, by id (0: none yet). */
export const rechunkProgress = z.object({ documents: z.number().int().nonnegative(), items: z.number().int().nonnegative() });
export type RechunkProgress = z.infer<typeof rechunkProgress>;

/** knowledge_store's row: the generation that answers, its model and embedder, and the one being built. */
export interface KnowledgeState extends StoredModel {
  generation: number;
  /** Undefined for vectors made before the Answers card chose embedders: the environment's. */
  embedder: EmbedderChoice | undefined;
  building: BuildingGeneration | undefined;
}

interface StateRow {
  embedding_model: string;
  embedding_dimensions: number;
  generation: number;
  embedder: unknown;
  building_generation: number | null;
  building_embedder: unknown;
  building_model: string | null;
  building_dimensions: number | null;
  building_error: string | null;
  building_rechunk: unknown;
}

/** The store's row; `lock` takes it FOR SHARE (a write of vectors) or FOR UPDATE (a change of generation). */
export async function readKnowledgeState(db: Db, lock?: 'share' | 'update'): Promise<KnowledgeState | undefined> {
  const locking = lock === 'update' ? sql` FOR UPDATE` : lock === 'share' ? sql` FOR SHARE` : sql``;
  const rows = await sqlRows<StateRow>(db, sql`
    SELECT embedding_model, embedding_dimensions, generation, embedder, building_generation, building_embedder, building_model, building_dimensions, building_error,
      building_rechunk
    FROM knowledge_store WHERE id = 1${locking}`);
  const row = rows[0];
  if (!row) return undefined;
  const buildingEmbedder = parseEmbedderChoice(row.building_embedder);
  return {
    model: row.embedding_model,
    dimensions: row.embedding_dimensions,
    generation: row.generation,
    embedder: parseEmbedderChoice(row.embedder),
    building:
      row.building_generation !== null && buildingEmbedder
        ? {
            generation: row.building_generation,
            embedder: buildingEmbedder,
            model: row.building_model,
            dimensions: row.building_dimensions,
            error: row.building_error,
            rechunk: row.building_rechunk === null ? undefined : rechunkProgress.parse(row.building_rechunk),
          }
        : undefined,
  };
}

export async function readStoredModel(db: Db): Promise<StoredModel | undefined> {
  const state = await readKnowledgeState(db);
  return state ? { model: state.model, dimensions: state.dimensions } : undefined;
}

/** Records the model the vectors are made with (the first generation); answers the stored one when another model got there first. */
export async function recordModel(db: Db, model: StoredModel & { embedder?: EmbedderChoice | undefined }): Promise<KnowledgeState> {
  await db.execute(sql`
    INSERT INTO knowledge_store (id, embedding_model, embedding_dimensions, embedder)
    VALUES (1, ${model.model}, ${model.dimensions}, ${model.embedder ? JSON.stringify(model.embedder) : null}::jsonb)
    ON CONFLICT (id) DO NOTHING`);
  const stored = await readKnowledgeState(db);
  if (!stored) throw new Error('The knowledge store model could not be recorded.');
  return stored;
}

/** Names the active generation's embedder, for vectors made before the card named embedders (the environment's). */
export async function recordActiveEmbedder(db: Db, embedder: EmbedderChoice): Promise<void> {
  await db.execute(sql`UPDATE knowledge_store SET embedder = ${JSON.stringify(embedder)}::jsonb WHERE id = 1 AND embedder IS NULL`);
}

/** A generation's vectors and index, once it no longer answers nor is being built. */
export async function deleteGeneration(db: Db, generation: number): Promise<void> {
  await db.execute(sql`DELETE FROM knowledge_chunk_windows WHERE generation = ${generationLiteral(generation)}`);
  await dropIndexesMatching(db, `^${VECTOR_INDEX_PREFIX}g${generation}_d[0-9]+_idx$`);
}

async function dropIndexesMatching(db: Db, pattern: string): Promise<void> {
  const indexes = await sqlRows<{ indexname: string }>(db, sql`
    SELECT indexname FROM pg_indexes WHERE tablename = 'knowledge_chunk_windows' AND indexname ~ ${pattern}`);
  for (const { indexname } of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${indexname}`));
}
