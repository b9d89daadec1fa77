import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { generationLiteral, vectorLiteral } from './knowledge-vectors.ts';

export type ChunkOwner = { documentId: number } | { informTheBotId: number };

export interface NewChunk {
  /** Unique among its owner's chunks. */
  index: number;
  /** The page it starts on and the page it ends on; null for text without pages. */
  page: number | null;
  pageEnd: number | null;
  /** The headings it sits under, outermost first (chunk.ts's HEADING_SEPARATOR between them); null under none. */
  heading: string | null;
  text: string;
  /** Its section's first chunk (chunk.ts): it repeats nothing of the one before. */
  startsSection: boolean;
  /** One vector per window of the text the model reads whole (KnowledgeStore.embedChunks). */
  windowEmbeddings?: readonly ArrayLike<number>[];
}

/** Rows per INSERT: keeps each statement's parameters well under PostgreSQL's limit. */
const INSERT_BATCH = 200;

/**
 * Windows written per transaction by writeChunkWindows. Their HNSW entries cost ~2 ms each on the embedded
 * database, which runs one statement at a time on the main thread: in one transaction, the 1,958 windows of
 * a 351-page book held every request of the dashboard for 2-5 s; 48 at a time, for about a tenth of a second.
 */
export const WINDOWS_PER_TRANSACTION = 48;

/** A chunk's vectors of one generation, to be written once its row is in (writeChunkWindows). */
export interface ChunkWindows {
  chunkId: number | string;
  generation: number;
  vectors: readonly ArrayLike<number>[];
}

/**
 * The generation some vectors were made for neither answers nor is being built any more (the embedder changed
 * meanwhile): the job that made them runs again, with the embedder in force.
 */
export class GenerationGoneError extends Error {
  override readonly name = 'GenerationGoneError';
  constructor(generation: number) {
    super(`The embedder changed while these passages were embedded (generation ${generation} is gone): they are embedded again.`);
  }
}

const ownerCondition = (owner: ChunkOwner) =>
  'documentId' in owner ? sql`document_id = ${owner.documentId}` : sql`inform_the_bot_id = ${owner.informTheBotId}`;

/**
 * Puts an owner's chunks in place of the ones it had, and answers their vectors, still to be written
 * (writeChunkWindows, after the transaction). Call it inside the transaction that also marks the owner
 * indexed, so the owner is searchable with all of its chunks or with none of them, and a job run again after
 * a crash leaves no duplicates. Until their windows are in, the new chunks are found by full text only.
 * `generation`: the one the chunks' windowEmbeddings were made for; undefined without vectors.
 */
export async function replaceChunks(tx: Db, owner: ChunkOwner, chunks: readonly NewChunk[], generation: number | undefined): Promise<ChunkWindows[]> {
  await deleteChunks(tx, owner);
  const documentId = 'documentId' in owner ? owner.documentId : null;
  const informTheBotId = 'informTheBotId' in owner ? owner.informTheBotId : null;
  const windows: ChunkWindows[] = [];
  for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
    const batch = chunks.slice(start, start + INSERT_BATCH);
    const values = sql.join(
      batch.map((chunk) => sql`(${documentId}, ${informTheBotId}, ${chunk.index}, ${chunk.page}, ${chunk.pageEnd}, ${chunk.heading}, ${chunk.text}, ${chunk.startsSection})`),
      sql`, `,
    );
    const inserted = await sqlRows<{ id: number | string; chunk_index: number }>(tx, sql`
      INSERT INTO knowledge_chunks (document_id, inform_the_bot_id, chunk_index, page, page_end, heading, content, starts_section) VALUES ${values} RETURNING id, chunk_index`);
    if (generation === undefined) continue;
    const idOfIndex = new Map(inserted.map((row) => [Number(row.chunk_index), row.id]));
    for (const chunk of batch) {
      const chunkId = idOfIndex.get(chunk.index);
      if (chunkId === undefined || !chunk.windowEmbeddings || chunk.windowEmbeddings.length === 0) throw new Error(`Chunk ${chunk.index} has no embedding.`);
      windows.push({ chunkId, generation, vectors: chunk.windowEmbeddings });
    }
  }
  return windows;
}

/** The chunks in groups of at most WINDOWS_PER_TRANSACTION windows (a chunk with more goes alone). */
function windowTransactions(chunks: readonly ChunkWindows[]): ChunkWindows[][] {
  const groups: ChunkWindows[][] = [];
  let group: ChunkWindows[] = [];
  let windows = 0;
  for (const chunk of chunks) {
    if (group.length > 0 && windows + chunk.vectors.length > WINDOWS_PER_TRANSACTION) {
      groups.push(group);
      group = [];
      windows = 0;
    }
    group.push(chunk);
    windows += chunk.vectors.length;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

const idList = (ids: readonly (number | string)[]) => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/**
 * Writes chunks' window vectors (numbered from 0 in the order given) in place of any they had of the same
 * generation, in short transactions (WINDOWS_PER_TRANSACTION), for the chunks still there: one replaced or deleted
 * meanwhile is passed over. Answers how many chunks got their windows. Each transaction holds the knowledge store's
 * row FOR SHARE and throws GenerationGoneError for vectors of a generation that no longer answers nor is being built,
 * so a generation switch (which takes it FOR UPDATE) never misses a chunk.
 */
export async function writeChunkWindows(db: Db, chunks: readonly ChunkWindows[]): Promise<number> {
  // None would take away the windows a chunk has.
  const without = chunks.find(({ vectors }) => vectors.length === 0);
  if (without) throw new Error(`Chunk ${without.chunkId} has no vectors to write.`);
  let written = 0;
  for (const batch of windowTransactions(chunks)) {
    written += await db.transaction(async (tx) => {
      const [live] = await sqlRows<{ generation: number; building_generation: number | null }>(tx, sql`
        SELECT generation, building_generation FROM knowledge_store WHERE id = 1 FOR SHARE`);
      const gone = batch.find(({ generation }) => generation !== live?.generation && generation !== live?.building_generation);
      if (gone) throw new GenerationGoneError(gone.generation);
      // Locked, so that a replacement cannot delete them before their windows are in.
      const present = await sqlRows<{ id: number | string }>(tx, sql`
        SELECT id FROM knowledge_chunks WHERE id IN ${idList(batch.map(({ chunkId }) => chunkId))} FOR KEY SHARE`);
      const stillThere = new Set(present.map((row) => String(row.id)));
      const kept = batch.filter(({ chunkId }) => stillThere.has(String(chunkId)));
      if (kept.length === 0) return 0;
      for (const generation of new Set(kept.map((chunk) => chunk.generation))) {
        const ids = kept.filter((chunk) => chunk.generation === generation).map(({ chunkId }) => chunkId);
        await tx.execute(sql`DELETE FROM knowledge_chunk_windows WHERE generation = ${generationLiteral(generation)} AND chunk_id IN ${idList(ids)}`);
      }
      const rows = kept.flatMap(({ chunkId, generation, vectors }) => vectors.map((vector, window) => sql`(${chunkId}, ${generation}, ${window}, ${vectorLiteral(vector)}::vector)`));
      for (let from = 0; from < rows.length; from += INSERT_BATCH) {
        await tx.execute(sql`
          INSERT INTO knowledge_chunk_windows (chunk_id, generation, window_index, embedding) VALUES ${sql.join(rows.slice(from, from + INSERT_BATCH), sql`, `)}`);
      }
      return kept.length;
    });
  }
  return written;
}

/** An owner's chunks, in order: their ids, headings and texts. */
export const chunksOf = (db: Db, owner: ChunkOwner): Promise<{ id: number | string; heading: string | null; content: string }[]> =>
  sqlRows<{ id: number | string; heading: string | null; content: string }>(db, sql`
    SELECT id, heading, content FROM knowledge_chunks WHERE ${ownerCondition(owner)} ORDER BY chunk_index`);

export async function deleteChunks(db: Db, owner: ChunkOwner): Promise<void> {
  await db.execute(sql`DELETE FROM knowledge_chunks WHERE ${ownerCondition(owner)}`);
}
