import type { Db } from '../../db/client.ts';
import { chunkPages } from '../../ingest/chunk.ts';
import type { DocumentPage } from '../../ingest/document-kind.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { type ChunkOwner, type ChunkWindows, type NewChunk, replaceChunks } from './knowledge.repository.ts';

/** An owner's text cut and embedded, ready to be written in the transaction that marks it indexed. */
export interface PreparedChunks {
  chunks: NewChunk[];
  withVectors: boolean;
}

/**
 * Chunks and embeds outside any transaction (embedding a long PDF takes a while), so the write
 * that follows is short. `pageNumbers: false` stores no page, for text that has none.
 */
export async function prepareChunks(
  knowledge: KnowledgeStore,
  pages: readonly DocumentPage[],
  options: { pageNumbers: boolean },
): Promise<PreparedChunks> {
  const chunks = chunkPages(pages, { countTokens: knowledge.embedder.countTokens });
  const embeddings = await knowledge.embedChunks(chunks.map((chunk) => chunk.text));
  return {
    chunks: chunks.map((chunk, position) => ({
      index: chunk.index,
      page: options.pageNumbers ? chunk.page : null,
      text: chunk.text,
      windowEmbeddings: embeddings?.[position],
    })),
    withVectors: embeddings !== undefined,
  };
}

/**
 * Puts the prepared chunks in place of the owner's old ones; call it inside the owner's transaction, and
 * writeChunkWindows (knowledge.repository.ts) with what it answers once that transaction is committed.
 */
export const writeChunks = (tx: Db, owner: ChunkOwner, prepared: PreparedChunks): Promise<ChunkWindows[]> =>
  replaceChunks(tx, owner, prepared.chunks, prepared.withVectors);
