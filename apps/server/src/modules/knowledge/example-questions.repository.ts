import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import type { ExampleQuestionSource } from './example-questions.ts';
import { notExcluded } from './knowledge-exclusions.repository.ts';

/** How many of the newest indexed documents, and how many of each one's first chunks, the example questions read. */
const DOCUMENTS_READ = 3;
const CHUNKS_READ = 20;

/**
 * The newest indexed documents with their first chunks (none excluded from answers), for the /demo page's example questions, and how many
 * documents are indexed in all. Two index reads (documents by upload date, chunks by document and index), at most
 * 24 chunks: cheap enough for a public page at any size of the store.
 */
export async function readExampleQuestionSources(db: Db): Promise<{ sources: ExampleQuestionSource[]; documents: number }> {
  const rows = await sqlRows<{ id: number; title: string; heading: string | null; content: string }>(db, sql`
    SELECT recent.id, recent.title, chunk.heading, chunk.content
    FROM (SELECT id, title, upload_date FROM documents WHERE status = 'completed' ORDER BY upload_date DESC, id DESC LIMIT ${DOCUMENTS_READ}) AS recent
    CROSS JOIN LATERAL (
      SELECT c.heading, c.content FROM knowledge_chunks c WHERE c.document_id = recent.id AND ${notExcluded('c')} ORDER BY c.chunk_index LIMIT ${CHUNKS_READ}
    ) AS chunk
    ORDER BY recent.upload_date DESC, recent.id DESC`);
  const byDocument = new Map<number, ExampleQuestionSource & { chunks: { heading: string | null; content: string }[] }>();
  for (const row of rows) {
    const source = byDocument.get(row.id) ?? { title: row.title, chunks: [] };
    source.chunks.push({ heading: row.heading, content: row.content });
    byDocument.set(row.id, source);
  }
  const [counted] = await sqlRows<{ documents: SqlBigint }>(db, sql`SELECT count(*) AS documents FROM documents WHERE status = 'completed'`);
  return { sources: [...byDocument.values()], documents: Number(counted?.documents ?? 0) };
}
