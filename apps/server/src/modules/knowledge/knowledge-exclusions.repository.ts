import { type SQL, sql } from 'drizzle-orm';
import { CHUNK_PAGE_SIZE } from '@steward/contract/document-chunks';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';

/**
 * A document's passages as the chunk viewer reads them, and the passages staff excluded from every answer
 * (knowledge_chunk_exclusions, migration 3420), kept by the document and the key of the text.
 */

/** True for a chunk (`alias`) no one excluded: every retrieval statement filters with it. */
export const notExcluded = (alias: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM knowledge_chunk_exclusions x WHERE x.document_id = ${sql.raw(alias)}.document_id AND x.text_key = ${sql.raw(alias)}.text_key)`;

export interface DocumentChunk {
  id: number;
  chunkIndex: number;
  text: string;
  heading: string | null;
  page: number | null;
  pageEnd: number | null;
  excludedBy: string | null;
  excludedAt: Date | null;
}

interface ChunkSqlRow {
  id: SqlBigint;
  chunk_index: number;
  content: string;
  heading: string | null;
  page: number | null;
  page_end: number | null;
  excluded_by: string | null;
  excluded_at: Date | string | null;
}

const chunkOf = (row: ChunkSqlRow): DocumentChunk => ({
  id: Number(row.id),
  chunkIndex: row.chunk_index,
  text: row.content,
  heading: row.heading,
  page: row.page,
  pageEnd: row.page_end,
  excludedBy: row.excluded_by,
  excludedAt: row.excluded_at === null ? null : new Date(row.excluded_at),
});

/** The search's words: each must be in the text or the heading, case aside, in any order. */
const searchWords = (search: string): string[] => search.toLowerCase().split(/\s+/).filter((word) => word.length > 0);

function matching(words: readonly string[]): SQL {
  if (words.length === 0) return sql`TRUE`;
  return sql.join(
    words.map((word) => sql`strpos(lower(c.content || E'\n' || coalesce(c.heading, '')), ${word}) > 0`),
    sql` AND `,
  );
}

/**
 * A page of a document's passages in its order (CHUNK_PAGE_SIZE), those holding every word of `search`, each with
 * who excluded it; and how many match. A document has at most a few thousand chunks, read through its index.
 */
export async function listDocumentChunks(db: Db, documentId: number, search: string, pageIndex: number): Promise<{ chunks: DocumentChunk[]; totalCount: number }> {
  const where = sql`c.document_id = ${documentId} AND ${matching(searchWords(search))}`;
  const rows = await sqlRows<ChunkSqlRow>(db, sql`
    SELECT c.id, c.chunk_index, c.content, c.heading, c.page, c.page_end, x.excluded_by, x.excluded_at
    FROM knowledge_chunks c LEFT JOIN knowledge_chunk_exclusions x ON x.document_id = c.document_id AND x.text_key = c.text_key
    WHERE ${where} ORDER BY c.chunk_index, c.id LIMIT ${CHUNK_PAGE_SIZE} OFFSET ${pageIndex * CHUNK_PAGE_SIZE}`);
  const [total] = await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM knowledge_chunks c WHERE ${where}`);
  return { chunks: rows.map(chunkOf), totalCount: counted(total?.count) };
}

/** A document's passages counted, and how many of them are excluded. */
export async function countDocumentChunks(db: Db, documentId: number): Promise<{ chunks: number; excluded: number }> {
  const [row] = await sqlRows<{ chunks: SqlBigint; excluded: SqlBigint }>(db, sql`
    SELECT count(*) AS chunks, count(*) FILTER (WHERE NOT ${notExcluded('c')}) AS excluded FROM knowledge_chunks c WHERE c.document_id = ${documentId}`);
  return { chunks: counted(row?.chunks), excluded: counted(row?.excluded) };
}

/** One passage of a document, with who excluded it; undefined when the document has no such chunk. */
export async function findDocumentChunk(db: Db, documentId: number, chunkId: number): Promise<(DocumentChunk & { textKey: string }) | undefined> {
  const [row] = await sqlRows<ChunkSqlRow & { text_key: string }>(db, sql`
    SELECT c.id, c.chunk_index, c.content, c.heading, c.page, c.page_end, c.text_key, x.excluded_by, x.excluded_at
    FROM knowledge_chunks c LEFT JOIN knowledge_chunk_exclusions x ON x.document_id = c.document_id AND x.text_key = c.text_key
    WHERE c.document_id = ${documentId} AND c.id = ${chunkId}`);
  return row ? { ...chunkOf(row), textKey: row.text_key } : undefined;
}

/** Excludes a text of a document; false when it was excluded already. */
export async function insertExclusion(db: Db, exclusion: { documentId: number; textKey: string; by: { id: number; name: string } }): Promise<boolean> {
  const rows = await sqlRows<{ text_key: string }>(db, sql`
    INSERT INTO knowledge_chunk_exclusions (document_id, text_key, excluded_by, excluded_by_user_id)
    VALUES (${exclusion.documentId}, ${exclusion.textKey}, ${exclusion.by.name}, ${exclusion.by.id})
    ON CONFLICT (document_id, text_key) DO NOTHING RETURNING text_key`);
  return rows.length > 0;
}

/** Includes a text of a document again; false when it was not excluded. */
export async function deleteExclusion(db: Db, documentId: number, textKey: string): Promise<boolean> {
  const rows = await sqlRows<{ text_key: string }>(db, sql`
    DELETE FROM knowledge_chunk_exclusions WHERE document_id = ${documentId} AND text_key = ${textKey} RETURNING text_key`);
  return rows.length > 0;
}
