import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { documentIngestionHandler } from '../modules/documents/document-ingestion.ts';
import { informTheBotIndexingHandler } from '../modules/inform-the-bot/inform-the-bot-indexing.ts';
import type { KnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import { deleteEveryChunkWindow } from '../modules/knowledge/knowledge.repository.ts';
import { reembedStoredChunks } from '../modules/knowledge/knowledge-reembed.ts';
import { dropVectorIndexes, forgetStoredModel, hasVectorColumn } from '../modules/knowledge/knowledge-vectors.ts';
import { outsideTheQueue } from '../jobs/job-queue.ts';

export interface ReindexReport {
  documents: number;
  /** Pages of website sources: their chunks' stored text embedded again (they have no file to read). */
  sitePages: number;
  items: number;
  chunks: number;
  /** What could not be re-embedded, with the reason; these keep answering by full text. */
  failures: string[];
}

/**
 * Re-embeds the whole knowledge store with the embedder chosen (the Answers card's, else the newly configured
 * one). First, in one transaction, it forgets the old model and any re-index under way (whose job then ends),
 * drops the vector indexes and clears every generation's vectors,
 * so nothing mixes two models' vectors; until a document is re-embedded it answers by full text.
 * Then every indexed document and approved Inform-the-Bot item runs through its usual job handler, and each page of
 * a website source has its chunks' stored text embedded again (a page has no file; a sync reads the site itself).
 * Documents still in progress are left to their queued jobs. Safe to run again after a failure.
 */
export async function reindexKnowledge(
  db: Db,
  knowledge: KnowledgeStore,
  log: FastifyBaseLogger,
  progress: (line: string) => void,
): Promise<ReindexReport> {
  if (await hasVectorColumn(db)) {
    await db.transaction(async (tx) => {
      await forgetStoredModel(tx);
      await dropVectorIndexes(tx);
      await deleteEveryChunkWindow(tx);
    });
  }
  await knowledge.prepare(log);

  const documents = await sqlRows<{ id: number; file_id: string; title: string }>(db, sql`
    SELECT id, file_id, title FROM documents
    WHERE status <> 'in_progress' AND site_id IS NULL AND EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.document_id = documents.id)
    ORDER BY id`);
  const sitePages = await sqlRows<{ id: number; source_url: string }>(db, sql`
    SELECT id, source_url FROM documents
    WHERE site_id IS NOT NULL AND EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.document_id = documents.id)
    ORDER BY id`);
  const items = await sqlRows<{ id: number }>(db, sql`SELECT id FROM inform_the_bot WHERE status = 'approved' ORDER BY id`);
  const model = (await knowledge.embedderOf(await knowledge.chosenEmbedder())).model;
  progress(`Re-indexing ${documents.length} document(s)${sitePages.length > 0 ? `, ${sitePages.length} website page(s)` : ''} and ${items.length} Inform-the-Bot item(s) with ${model}.`);

  const failures: string[] = [];
  const ingestDocument = documentIngestionHandler({ db, log, knowledge });
  const indexItem = informTheBotIndexingHandler({ db, log, knowledge });
  let done = 0;
  const total = documents.length + sitePages.length + items.length;
  const attempt = async (name: string, run: () => Promise<void>) => {
    done += 1;
    try {
      await run();
      progress(`[${done}/${total}] ${name}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failures.push(`${name}: ${reason}`);
      progress(`[${done}/${total}] ${name}: FAILED, ${reason}`);
    }
  };
  // As a first attempt: a failure that is not the document's fault (the embedder) is thrown and reported here, not written on the card.
  for (const document of documents) {
    await attempt(`document "${document.title}"`, () => ingestDocument({ documentId: document.id, fileId: document.file_id }, outsideTheQueue()));
  }
  for (const page of sitePages) {
    await attempt(`website page ${page.source_url}`, async () => {
      await reembedStoredChunks(db, knowledge, { documentId: page.id });
    });
  }
  for (const item of items) await attempt(`Inform-the-Bot item ${item.id}`, () => indexItem({ id: item.id }, outsideTheQueue()));

  const [count] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM knowledge_chunks`);
  return { documents: documents.length, sitePages: sitePages.length, items: items.length, chunks: count?.n ?? 0, failures };
}
