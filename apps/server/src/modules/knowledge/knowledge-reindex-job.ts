import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { embedChunkWindows } from '../../ingest/embedders/embedding-windows.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { deleteGeneration, ensureVectorIndex, generationLiteral, readKnowledgeState } from './knowledge-vectors.ts';
import { GenerationGoneError, writeChunkWindows } from './knowledge.repository.ts';

/** Chunks embedded per batch: each batch is written at once, so a crash loses at most one batch's work. */
export const REINDEX_BATCH_CHUNKS = 32;

const payloadSchema = z.object({ generation: z.number().int().positive() });

/** Chunks that have no windows of the generation yet, oldest first. */
const chunksWithout = (db: Db, generation: number, limit: number) =>
  sqlRows<{ id: number | string; heading: string | null; content: string }>(db, sql`
    SELECT c.id, c.heading, c.content FROM knowledge_chunks c
    WHERE NOT EXISTS (SELECT 1 FROM knowledge_chunk_windows w WHERE w.chunk_id = c.id AND w.generation = ${generationLiteral(generation)})
    ORDER BY c.id LIMIT ${limit}`);

/**
 * The re-index job: batches of the chunks still without vectors of the generation being built (so a run after a
 * crash goes on where the last one stopped, and chunks of documents indexed meanwhile are found too), then the
 * generation's index and the switch. A failure of the embedder is recorded for the Documents banner and thrown, so
 * the queue tries again later; the active generation keeps answering meanwhile. A job whose generation was
 * cancelled or replaced ends without doing anything, and so does one whose documents npm run reindex is still
 * re-reading. `onBatch` is told after each batch written (npm run reindex prints the progress).
 */
export const knowledgeReindexHandler =
  ({ db, log, knowledge, onBatch }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore; onBatch?: (generation: number) => Promise<void> }): JobHandler =>
  async (payload, context) => {
    const { generation } = payloadSchema.parse(payload);
    if (!knowledge.vectorsEnabled) {
      log.info({ generation }, 'knowledge re-index skipped: pgvector is not available on this database, documents are searched by full text only');
      return;
    }
    for (;;) {
      if (context.signal.aborted) throw new Error('The knowledge re-index stopped with the server; it goes on at the next start.');
      const state = await readKnowledgeState(db);
      const building = state?.building;
      if (!state || building?.generation !== generation) {
        log.info({ generation }, 'knowledge re-index ended: its embedder is no longer the one chosen');
        return;
      }
      if (building.rechunk) {
        // npm run reindex re-reads the documents first and queues the job when it has; run again, it goes on.
        log.info({ generation }, 'knowledge re-index waits: npm run reindex has not finished re-reading the documents');
        return;
      }
      const embedder = await knowledge.embedderOf(building.embedder);
      const batch = await chunksWithout(db, generation, REINDEX_BATCH_CHUNKS);
      if (batch.length === 0) {
        const dimensions = building.dimensions ?? embedder.dimensions ?? (await embedChunkWindows(embedder, [{ heading: null, text: 'Steward' }]))[0]?.[0]?.length;
        if (dimensions === undefined) throw new Error('The new embedder answered no vector.');
        if (building.dimensions === null) await recordBuildingModel(db, generation, embedder.model, dimensions);
        await ensureVectorIndex(db, generation, dimensions);
        const switched = await switchGeneration(db, generation);
        if (switched === 'missing') continue;
        if (switched === 'gone') return;
        await knowledge.state(true);
        await deleteGeneration(db, switched.previous);
        log.info({ generation, model: embedder.model }, 'knowledge re-indexed: the new embedder answers now');
        return;
      }
      let vectors: Float32Array[][];
      try {
        vectors = await embedChunkWindows(embedder, batch.map((chunk) => ({ heading: chunk.heading, text: chunk.content })));
      } catch (error) {
        await recordBuildError(db, generation, error instanceof Error ? error.message : String(error));
        throw error;
      }
      const dimensions = vectors[0]?.[0]?.length;
      if (building.dimensions === null && dimensions !== undefined) await recordBuildingModel(db, generation, embedder.model, dimensions);
      try {
        await writeChunkWindows(db, batch.map((chunk, position) => ({ chunkId: chunk.id, generation, vectors: vectors[position] ?? [] })));
      } catch (error) {
        if (error instanceof GenerationGoneError) continue;
        throw error;
      }
      if (building.error !== null) await recordBuildError(db, generation, null);
      await context.holdLease();
      await onBatch?.(generation);
    }
  };

async function recordBuildingModel(db: Db, generation: number, model: string, dimensions: number): Promise<void> {
  await db.execute(sql`UPDATE knowledge_store SET building_model = ${model}, building_dimensions = ${dimensions} WHERE id = 1 AND building_generation = ${generation}`);
}

async function recordBuildError(db: Db, generation: number, message: string | null): Promise<void> {
  await db.execute(sql`UPDATE knowledge_store SET building_error = ${message} WHERE id = 1 AND building_generation = ${generation}`);
}

/**
 * The switch: with the store's row locked (writes of vectors hold it FOR SHARE), and only when every chunk has
 * vectors of the new generation, it becomes the active one. Answers the generation it replaced, 'missing' when a
 * chunk came in meanwhile (the job embeds it first), or 'gone' when the build was cancelled.
 */
async function switchGeneration(db: Db, generation: number): Promise<{ previous: number } | 'missing' | 'gone'> {
  return db.transaction(async (tx) => {
    const state = await readKnowledgeState(tx, 'update');
    if (state?.building?.generation !== generation || state.building.model === null || state.building.dimensions === null) return 'gone';
    if ((await chunksWithout(tx, generation, 1)).length > 0) return 'missing';
    await tx.execute(sql`
      UPDATE knowledge_store SET generation = building_generation, embedder = building_embedder, embedding_model = building_model,
        embedding_dimensions = building_dimensions, building_generation = NULL, building_embedder = NULL, building_model = NULL,
        building_dimensions = NULL, building_error = NULL, updated_at = now()
      WHERE id = 1`);
    return { previous: state.generation };
  });
}

