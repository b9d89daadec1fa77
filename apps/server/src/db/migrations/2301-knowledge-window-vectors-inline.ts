import type { Migration } from './migration.ts';

/**
 * A window's vector is kept in its row (storage MAIN) instead of the TOAST table: at 512 dimensions a vector
 * is 2 kB, just over the size PostgreSQL moves out of line by default, so each one the search's similarity
 * reads cost a TOAST index lookup and fetch (the similarity of a search's ~550 candidates took 12-19 ms in
 * place of 5-7, in-process on 100k chunks). A vector too large for a page (over ~2,000 dimensions) still goes
 * out of line. Rows written before keep their out-of-line values until rewritten, so they are; the HNSW
 * indexes are dropped first, as start-up makes them again once (ensureVectorIndex) rather than per row here.
 */
export const knowledgeWindowVectorsInline: Migration = {
  name: '2301-knowledge-window-vectors-inline',
  requiresExtension: 'vector',
  sql: /* sql */ `
ALTER TABLE knowledge_chunk_windows ALTER COLUMN embedding SET STORAGE MAIN;
DO $$
DECLARE index_name text;
BEGIN
  FOR index_name IN SELECT indexname FROM pg_indexes
    WHERE tablename = 'knowledge_chunk_windows' AND indexname ~ '^knowledge_chunk_windows_embedding_[0-9]+_idx$'
  LOOP
    EXECUTE format('DROP INDEX %I', index_name);
  END LOOP;
END $$;
UPDATE knowledge_chunk_windows SET embedding = (embedding::real[])::vector;
`,
};
