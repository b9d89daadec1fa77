import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { vectorLiteral } from './knowledge-vectors.ts';

export type ChunkOwner = { documentId: number } | { informTheBotId: number };

export interface NewChunk {
  /** Unique among its owner's chunks. */
  index: number;
  page: number | null;
  text: string;
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

/** A chunk's vectors, to be written once its row is in (writeChunkWindows). */
export interface ChunkWindows {
  chunkId: number | string;
  vectors: readonly ArrayLike<number>[];
}

const ownerCondition = (owner: ChunkOwner) =>
  'documentId' in owner ? sql`document_id = ${owner.documentId}` : sql`inform_the_bot_id = ${owner.informTheBotId}`;

/**
 * Puts an owner's chunks in place of the ones it had, and answers their vectors, still to be written
 * (writeChunkWindows, after the transaction). Call it inside the transaction that also marks the owner
 * indexed, so the owner is searchable with all of its chunks or with none of them, and a job run again after
 * a crash leaves no duplicates. Until their windows are in, the new chunks are found by full text only.
 */
export async function replaceChunks(tx: Db, owner: ChunkOwner, chunks: readonly NewChunk[], withVectors: boolean): Promise<ChunkWindows[]> {
  await deleteChunks(tx, owner);
  const documentId = 'documentId' in owner ? owner.documentId : null;
  const informTheBotId = 'informTheBotId' in owner ? owner.informTheBotId : null;
  const windows: ChunkWindows[] = [];
  for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
    const batch = chunks.slice(start, start + INSERT_BATCH);
    const values = sql.join(
      batch.map((chunk) => sql`(${documentId}, ${informTheBotId}, ${chunk.index}, ${chunk.page}, ${chunk.text})`),
      sql`, `,
    );
    const inserted = await sqlRows<{ id: number | string; chunk_index: number }>(tx, sql`
      INSERT INTO knowledge_chunks (document_id, inform_the_bot_id, chunk_index, page, content) VALUES ${values} RETURNING id, chunk_index`);
    if (!withVectors) continue;
    const idOfIndex = new Map(inserted.map((row) => [Number(row.chunk_index), row.id]));
    for (const chunk of batch) {
      const chunkId = idOfIndex.get(chunk.index);
      if (chunkId === undefined || !chunk.windowEmbeddings || chunk.windowEmbeddings.length === 0) throw new Error(`Chunk ${chunk.index} has no embedding.`);
      windows.push({ chunkId, vectors: chunk.windowEmbeddings });
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
 * Writes chunks' window vectors (numbered from 0 in the order given) in place of any they had, in short
 * transactions (WINDOWS_PER_TRANSACTION), for the chunks still there: one replaced or deleted meanwhile is
 * passed over. Answers how many chunks got their windows.
 */
export async function writeChunkWindows(db: Db, chunks: readonly ChunkWindows[]): Promise<number> {
  // None would take away the windows a chunk has.
  const without = chunks.find(({ vectors }) => vectors.length === 0);
  if (without) throw new Error(`Chunk ${without.chunkId} has no vectors to write.`);
  let written = 0;
  for (const batch of windowTransactions(chunks)) {
    written += await db.transaction(async (tx) => {
      // Locked, so that a replacement cannot delete them before their windows are in.
      const present = await sqlRows<{ id: number | string }>(tx, sql`
        SELECT id FROM knowledge_chunks WHERE id IN ${idList(batch.map(({ chunkId }) => chunkId))} FOR KEY SHARE`);
      const stillThere = new Set(present.map((row) => String(row.id)));
      const kept = batch.filter(({ chunkId }) => stillThere.has(String(chunkId)));
      if (kept.length === 0) return 0;
      await tx.execute(sql`DELETE FROM knowledge_chunk_windows WHERE chunk_id IN ${idList(kept.map(({ chunkId }) => chunkId))}`);
      const rows = kept.flatMap(({ chunkId, vectors }) => vectors.map((vector, window) => sql`(${chunkId}, ${window}, ${vectorLiteral(vector)}::vector)`));
      for (let from = 0; from < rows.length; from += INSERT_BATCH) {
        await tx.execute(sql`
          INSERT INTO knowledge_chunk_windows (chunk_id, window_index, embedding) VALUES ${sql.join(rows.slice(from, from + INSERT_BATCH), sql`, `)}`);
      }
      return kept.length;
    });
  }
  return written;
}

/** An owner's chunks, in order: their ids and texts. */
export const chunksOf = (db: Db, owner: ChunkOwner): Promise<{ id: number | string; content: string }[]> =>
  sqlRows<{ id: number | string; content: string }>(db, sql`SELECT id, content FROM knowledge_chunks WHERE ${ownerCondition(owner)} ORDER BY chunk_index`);

export async function deleteChunks(db: Db, owner: ChunkOwner): Promise<void> {
  await db.execute(sql`DELETE FROM knowledge_chunks WHERE ${ownerCondition(owner)}`);
}

export interface Passage {
  text: string;
  documentTitle: string;
  sourceUrl: string | null;
  page: number | null;
  score: number;
  documentId: number | null;
  informTheBotId: number | null;
}

/** How far down each ranking reciprocal rank fusion looks, and its usual constant. */
const CANDIDATES = 50;
const RRF_K = 60;
/**
 * The nearest windows read for the vector side's CANDIDATES chunks: a chunk's windows often come near
 * together, and the chunk counts once, at its nearest window.
 */
export const WINDOW_CANDIDATES = 2 * CANDIDATES;
/**
 * The most chunks the full-text side fetches and ranks (each costs about 10 µs on the embedded database).
 * They come from the question's rarest words (knowledge_terms, migration 1000): the rarest one, and the
 * next rarest while the chunks holding them add up to at most this many; when even the rarest word is in
 * more chunks than that, the chunks holding both of the two rarest. A passage that answers a question
 * holds its telling words. Taking the chunks holding any of its words instead matched half of a 100k-chunk
 * store, and fetching and ranking an arbitrary 2,000 of those was most of a search (about 35 ms there) and
 * could miss the passage. Every candidate is ranked by all of the question's words.
 */
export const RANKED_MATCHES = 500;

type PassageRow = {
  content: string;
  document_title: string | null;
  source_url: string | null;
  page: number | null;
  score: number | string;
  document_id: number | null;
  inform_the_bot_id: number | null;
};

/**
 * The vector side: the chunks of the WINDOW_CANDIDATES windows nearest the question (HNSW, cosine), each
 * ranked by its nearest window, the first CANDIDATES of them.
 */
export function nearestChunks({ vector, dimensions }: { vector: ArrayLike<number>; dimensions: number }) {
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  return sql`SELECT chunk_id AS id, row_number() OVER (ORDER BY distance, chunk_id) AS rank FROM (
      SELECT chunk_id, min(distance) AS distance FROM (
        SELECT chunk_id, embedding::${asVector} <=> ${vectorLiteral(vector)}::${asVector} AS distance
        FROM knowledge_chunk_windows ORDER BY distance LIMIT ${WINDOW_CANDIDATES}) nearest_windows
      GROUP BY chunk_id ORDER BY distance, chunk_id LIMIT ${CANDIDATES}) nearest`;
}

/** Runs `work` in a transaction where pgvector's HNSW search answers all WINDOW_CANDIDATES (at its default, 40 at most). */
export const withAllWindowCandidates = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${WINDOW_CANDIDATES}`));
    return work(tx);
  });

/**
 * The k best passages for a question: the vector ranking (cosine, when an embedding is given)
 * and the full-text ranking merged by reciprocal rank fusion, 1/(60 + rank) from each. The
 * full-text side ranks, by ts_rank_cd against any of the question's words, the chunks holding its
 * rarest words (RANKED_MATCHES), so passages with more of the words, closer together, come first.
 */
export async function searchKnowledge(
  db: Db,
  input: { query: string; k: number; queryEmbedding?: { vector: ArrayLike<number>; dimensions: number } },
): Promise<Passage[]> {
  const vectorHits = input.queryEmbedding
    ? nearestChunks(input.queryEmbedding)
    : sql`SELECT NULL::bigint AS id, NULL::bigint AS rank WHERE false`;
  const search = (tx: Db) =>
    sqlRows<PassageRow>(tx, sql`
    WITH words AS (
      SELECT nullif(replace(plainto_tsquery('english', ${input.query})::text, ' & ', ' | '), '')::tsquery AS any_word
    ),
    question_terms AS (
      SELECT term, chunks, row_number() OVER (ORDER BY chunks, term) AS place, sum(chunks) OVER (ORDER BY chunks, term) AS running
      FROM knowledge_terms
      WHERE term = ANY (tsvector_to_array(to_tsvector('english', ${input.query})))
    ),
    candidate_words AS (
      SELECT CASE
        WHEN (SELECT chunks FROM question_terms WHERE place = 1) > ${RANKED_MATCHES} AND EXISTS (SELECT FROM question_terms WHERE place = 2)
          THEN (SELECT steward_any_lexeme(ARRAY[term]) FROM question_terms WHERE place = 1)
               && (SELECT steward_any_lexeme(ARRAY[term]) FROM question_terms WHERE place = 2)
        ELSE (SELECT steward_any_lexeme(array_agg(term)) FROM question_terms WHERE place = 1 OR running <= ${RANKED_MATCHES})
      END AS words
    ),
    matching AS (
      SELECT c.id, c.search_vector FROM knowledge_chunks c
      WHERE c.search_vector @@ (SELECT words FROM candidate_words) LIMIT ${RANKED_MATCHES}
    ),
    vector_hits AS (${vectorHits}),
    text_hits AS (
      SELECT id, row_number() OVER (ORDER BY relevance DESC, id) AS rank FROM (
        SELECT matching.id, ts_rank_cd(matching.search_vector, words.any_word) AS relevance
        FROM matching, words
        ORDER BY relevance DESC, id LIMIT ${CANDIDATES}) ranked
    ),
    fused AS (
      SELECT id, sum(1.0 / (${RRF_K} + rank)) AS score FROM (
        SELECT id, rank FROM vector_hits UNION ALL SELECT id, rank FROM text_hits) ranked
      GROUP BY id
    )
    SELECT c.content, d.title AS document_title, d.source_url, c.page, f.score, c.document_id, c.inform_the_bot_id
    FROM fused f
    JOIN knowledge_chunks c ON c.id = f.id
    LEFT JOIN documents d ON d.id = c.document_id
    ORDER BY f.score DESC, c.id
    LIMIT ${input.k}`);
  const rows = input.queryEmbedding ? await withAllWindowCandidates(db, search) : await search(db);
  return rows.map((row) => ({
    text: row.content,
    documentTitle: row.document_title ?? 'Inform the Bot',
    sourceUrl: row.source_url,
    page: row.page,
    score: Number(row.score),
    documentId: row.document_id,
    informTheBotId: row.inform_the_bot_id,
  }));
}
