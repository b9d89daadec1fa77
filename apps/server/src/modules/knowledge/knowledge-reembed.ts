import type { Db } from '../../db/client.ts';
import { embeddedText } from './knowledge-indexing.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { type ChunkOwner, chunksOf, writeChunkWindows } from './knowledge.repository.ts';

/**
 * Embeds every chunk of one owner again from the text stored with it, and writes their windows: for an owner with no
 * file to read again (a website's page), so `npm run reindex` gives its chunks the new model's vectors. Answers how
 * many windows were written (none without vectors).
 */
export async function reembedStoredChunks(db: Db, knowledge: KnowledgeStore, owner: ChunkOwner): Promise<number> {
  const chunks = await chunksOf(db, owner);
  if (chunks.length === 0) return 0;
  const embedded = await knowledge.embedChunks(chunks.map((chunk) => embeddedText({ heading: chunk.heading, text: chunk.content })));
  if (!embedded) return 0;
  return writeChunkWindows(
    db,
    chunks.map((chunk, position) => ({ chunkId: chunk.id, generation: embedded.generation, vectors: embedded.vectors[position] ?? [] })),
  );
}
