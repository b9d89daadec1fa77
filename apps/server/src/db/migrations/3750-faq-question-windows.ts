import type { Migration } from './migration.ts';

/**
 * A FAQ entry's question is embedded on its own now, beside its chunk's windows (chunkWindows,
 * ingest/embedders/embedding-windows.ts): a visitor's question in other words is nearer the entry's question
 * than its answer. A `knowledge-windows` job per owner with a chunk under a question heading gives its chunks
 * that window (knowledge-windows-job.ts); until then they answer from the windows they have.
 */
export const faqQuestionWindows: Migration = {
  name: '3750-faq-question-windows',
  requiresExtension: 'vector',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload)
  SELECT 'knowledge-windows', owner FROM (
    SELECT DISTINCT jsonb_build_object('documentId', document_id) AS owner FROM knowledge_chunks
    WHERE document_id IS NOT NULL AND heading ~ '\\?["''”’)\\]]*$'
    UNION ALL
    SELECT DISTINCT jsonb_build_object('informTheBotId', inform_the_bot_id) FROM knowledge_chunks
    WHERE inform_the_bot_id IS NOT NULL AND heading ~ '\\?["''”’)\\]]*$'
  ) owners;`,
};
