import type { Migration } from './migration.ts';

/**
 * The vectors move from knowledge_chunks (one per chunk, 0501) to knowledge_chunk_windows (one per window).
 * Each chunk's vector becomes its first window's, which is what Universal Sentence Encoder Lite made of
 * it: so the store answers as before at once, and the `knowledge-windows` jobs queued here embed the rest
 * of each chunk (knowledge-windows-job.ts). An OpenAI-compatible model read whole chunks: its vectors are
 * whole already. The HNSW index went with the column; start-up makes it on the windows.
 */
export const knowledgeWindowVectors: Migration = {
  name: '2101-knowledge-window-vectors',
  requiresExtension: 'vector',
  sql: /* sql */ `
ALTER TABLE knowledge_chunk_windows ADD COLUMN embedding vector NOT NULL;
INSERT INTO knowledge_chunk_windows (chunk_id, window_index, embedding)
  SELECT id, 0, embedding FROM knowledge_chunks WHERE embedding IS NOT NULL;
ALTER TABLE knowledge_chunks DROP COLUMN embedding;
INSERT INTO jobs (queue, payload)
  SELECT 'knowledge-windows', owner FROM (
    SELECT DISTINCT jsonb_build_object('documentId', document_id) AS owner FROM knowledge_chunks WHERE document_id IS NOT NULL
    UNION ALL
    SELECT DISTINCT jsonb_build_object('informTheBotId', inform_the_bot_id) FROM knowledge_chunks WHERE inform_the_bot_id IS NOT NULL
  ) owners
  WHERE (SELECT embedding_model FROM knowledge_store WHERE id = 1) = 'universal-sentence-encoder-lite';
`,
};
