import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chunkWindows } from '../../ingest/embedders/embedding-windows.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { chunksOf, writeChunkWindows } from './knowledge.repository.ts';

const payloadSchema = z.union([
  z.object({ documentId: z.number().int().positive() }),
  z.object({ informTheBotId: z.number().int().positive() }),
]);

/**
 * Gives every chunk of one owner a vector per window (chunkWindows): after migration 2101, which kept each
 * chunk's vector of its first 128 tokens, and 3750, which adds a FAQ entry's question. Only chunks of more
 * than one window are embedded again, outside any transaction; their windows then replace the ones they had
 * (writeChunkWindows), for the chunks that are still there (a document indexed again in between has new
 * chunks, with their windows already).
 */
export const knowledgeWindowsHandler =
  ({ db, log, knowledge }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore }): JobHandler =>
  async (payload) => {
    const owner = payloadSchema.parse(payload);
    if (!knowledge.vectorsEnabled) return;
    const chunks = (await chunksOf(db, owner)).map((chunk) => ({ id: chunk.id, heading: chunk.heading, text: chunk.content }));
    const longer = chunks.filter((chunk) => chunkWindows(chunk, knowledge.embedder).length > 1);
    if (longer.length === 0) return;
    const made = await knowledge.embedChunks(longer);
    if (!made) return;
    const written = await writeChunkWindows(
      db,
      longer.map((chunk, position) => ({ chunkId: chunk.id, generation: made.generation, vectors: made.vectors[position] ?? [] })),
    );
    log.info({ ...owner, chunks: written }, 'knowledge chunks embedded window by window');
  };
