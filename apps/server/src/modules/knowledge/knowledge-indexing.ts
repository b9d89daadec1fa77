import type { Db } from '../../db/client.ts';
import { chunkSections } from '../../ingest/reading/chunk.ts';
import { documentLines } from '../../ingest/reading/clean-pages.ts';
import type { DocumentPage } from '../../ingest/reading/document-kind.ts';
import { type DocumentSection, documentSections } from '../../ingest/reading/document-sections.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { type ChunkOwner, type ChunkWindows, type NewChunk, replaceChunks } from './knowledge.repository.ts';

/**
 * The queue that re-embeds an owner's chunks window by window (knowledge-windows-job.ts): { documentId } or
 * { informTheBotId }. Migration 2101 names it too; a document with jobs in it is still being indexed.
 */
export const KNOWLEDGE_WINDOWS_QUEUE = 'knowledge-windows';

/** An owner's text cut and embedded, ready to be written in the transaction that marks it indexed. */
export interface PreparedChunks {
  chunks: NewChunk[];
  /** The generation the chunks' vectors were made for; undefined without vectors. */
  generation: number | undefined;
}

/**
 * Cleans, cuts and embeds outside any transaction (embedding a long PDF takes a while), so the write that
 * follows is short: the pages lose their running headers, page numbers and tables of contents
 * (clean-pages.ts), are read as sections under their headings (document-sections.ts) and cut into chunks
 * that follow them (chunkSections). Each chunk is embedded with its heading path before its text, and a FAQ
 * entry's question alone too (chunkWindows). `pageNumbers: false` stores no page, for text that has none.
 */
export async function prepareChunks(
  knowledge: KnowledgeStore,
  pages: readonly DocumentPage[],
  options: { pageNumbers: boolean },
): Promise<PreparedChunks> {
  return prepareSectionChunks(knowledge, documentSections(documentLines(pages)), options);
}

/** prepareChunks for text already read as sections under their headings (a web page's main content). */
export async function prepareSectionChunks(
  knowledge: KnowledgeStore,
  sections: readonly DocumentSection[],
  options: { pageNumbers: boolean },
): Promise<PreparedChunks> {
  const chunks = cutSections(knowledge, sections, options);
  const embedded = await knowledge.embedChunks(chunks);
  return {
    chunks: chunks.map((chunk, position) => ({ ...chunk, windowEmbeddings: embedded?.vectors[position] })),
    generation: embedded?.generation,
  };
}

/** prepareChunks without the embedding: the chunks alone, for a caller that embeds them itself (npm run reindex). */
export const cutChunks = (knowledge: Pick<KnowledgeStore, 'embedder'>, pages: readonly DocumentPage[], options: { pageNumbers: boolean }): NewChunk[] =>
  cutSections(knowledge, documentSections(documentLines(pages)), options);

function cutSections(knowledge: Pick<KnowledgeStore, 'embedder'>, sections: readonly DocumentSection[], options: { pageNumbers: boolean }): NewChunk[] {
  return chunkSections(sections, { countTokens: knowledge.embedder.countTokens }).map((chunk) => ({
    index: chunk.index,
    page: options.pageNumbers ? chunk.page : null,
    pageEnd: options.pageNumbers ? chunk.pageEnd : null,
    heading: chunk.heading,
    text: chunk.text,
    startsSection: chunk.startsSection,
  }));
}

/**
 * Puts the prepared chunks in place of the owner's old ones; call it inside the owner's transaction, and
 * writeChunkWindows (knowledge.repository.ts) with what it answers once that transaction is committed.
 */
export const writeChunks = (tx: Db, owner: ChunkOwner, prepared: PreparedChunks): Promise<ChunkWindows[]> =>
  replaceChunks(tx, owner, prepared.chunks, prepared.generation);
