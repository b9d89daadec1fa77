import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import { notExcluded } from './knowledge-exclusions.repository.ts';

/** A section of a document as its headings name it: how many chunks it has, and its own title's English stems. */
export interface DocumentHeading {
  heading: string;
  chunks: number;
  /** The stems of its last title ("Windows" → ["window"]), as the search reads a question's words; none for a section not asked about. */
  titleTerms: string[];
}

/** A section held whole by one chunk. */
export interface WholeSection {
  chunkId: number;
  heading: string;
  text: string;
  page: number | null;
  pageEnd: number | null;
}

/**
 * Every section heading of a document, once each, the stems of their own titles for those under `parent` (the
 * rest have none: a guide of thousands of sections needs a few). Read only when an answer's best passage may be
 * one of several variants (answers/answer-variants.ts).
 */
export const documentHeadings = async (db: Db, documentId: number, parent: string): Promise<DocumentHeading[]> =>
  (
    await sqlRows<{ heading: string; chunks: number | string; title_terms: string[] | null }>(db, sql`
      SELECT heading, count(*) AS chunks,
        CASE WHEN starts_with(heading, ${parent + HEADING_SEPARATOR}) THEN tsvector_to_array(to_tsvector('english', steward_search_text(substr(heading, ${parent.length + HEADING_SEPARATOR.length + 1})))) END AS title_terms
      FROM knowledge_chunks WHERE document_id = ${documentId} AND heading IS NOT NULL GROUP BY heading`)
  ).map((row) => ({ heading: row.heading, chunks: Number(row.chunks), titleTerms: row.title_terms ?? [] }));

/** The sections under `headings` of a document that one chunk holds whole and staff have not excluded, in the document's order. */
export const wholeSections = async (db: Db, documentId: number, headings: readonly string[]): Promise<WholeSection[]> =>
  (
    await sqlRows<{ id: number | string; heading: string; content: string; page: number | null; page_end: number | null }>(db, sql`
      SELECT c.id, c.heading, c.content, c.page, c.page_end FROM knowledge_chunks c
      WHERE c.document_id = ${documentId} AND c.heading = ANY (${textArray(headings)}) AND ${notExcluded('c')}
        AND NOT EXISTS (SELECT 1 FROM knowledge_chunks n WHERE n.document_id = c.document_id AND n.heading = c.heading AND n.id <> c.id)
      ORDER BY c.chunk_index`)
  ).map((row) => ({ chunkId: Number(row.id), heading: row.heading, text: row.content, page: row.page, pageEnd: row.page_end }));
