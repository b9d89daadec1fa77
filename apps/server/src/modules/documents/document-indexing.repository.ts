import { sql } from 'drizzle-orm';
import type { DocumentIndexingRow } from '@steward/contract/documents';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { KNOWLEDGE_WINDOWS_QUEUE } from '../knowledge/knowledge-indexing.ts';
import { DOCUMENT_INGESTION_QUEUE, DOCUMENT_REINDEX_QUEUE } from './document-ingestion-queue.ts';

/** The queues whose unfinished jobs mean a document is not fully searchable yet: its text, or its vectors, which follow. */
const DOCUMENT_QUEUES = [DOCUMENT_INGESTION_QUEUE, DOCUMENT_REINDEX_QUEUE, KNOWLEDGE_WINDOWS_QUEUE];

/** The documents with indexing work left, and the re-indexing after an upgrade while any of it is left. */
export async function documentIndexing(db: Db): Promise<DocumentIndexingRow> {
  const [row] = await sqlRows<{ documents_indexing: number | string; reindex_done: number | string; reindex_total: number | string }>(db, sql`
    SELECT
      (SELECT count(DISTINCT payload->>'documentId') FROM jobs
        WHERE queue IN (${sql.join(DOCUMENT_QUEUES.map((queue) => sql`${queue}`), sql`, `)})
          AND status IN ('queued', 'running') AND payload ? 'documentId') AS documents_indexing,
      (SELECT count(*) FILTER (WHERE status IN ('done', 'failed')) FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE}) AS reindex_done,
      (SELECT count(*) FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE}) AS reindex_total`);
  const done = Number(row?.reindex_done ?? 0);
  const total = Number(row?.reindex_total ?? 0);
  return { documents_indexing: Number(row?.documents_indexing ?? 0), reindex: done < total ? { done, total } : null };
}
