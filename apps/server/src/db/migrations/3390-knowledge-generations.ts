import type { Migration } from './migration.ts';

/**
 * Changing the embedder re-indexes the knowledge in the background (issue 54): the windows' vectors belong to a
 * generation, and the knowledge store records the active one (which answers) and, while the re-index job builds
 * it, the next one with its embedder. Each generation gets its own partial HNSW index (start-up and the job make
 * them: knowledge-vectors.ts); the indexes made for every row before are dropped here. The chunk comes first in
 * the key, as the searches read a chunk's windows of one generation. `embedder` is the active embedder as the
 * Answers card names it (kind, base URL, model, its sealed key); null for vectors made before: the environment's.
 */
export const knowledgeGenerations: Migration = {
  name: '3390-knowledge-generations',
  sql: /* sql */ `
ALTER TABLE knowledge_chunk_windows ADD COLUMN generation integer NOT NULL DEFAULT 1;
ALTER TABLE knowledge_chunk_windows ALTER COLUMN generation DROP DEFAULT;
ALTER TABLE knowledge_chunk_windows DROP CONSTRAINT knowledge_chunk_windows_pkey;
ALTER TABLE knowledge_chunk_windows ADD PRIMARY KEY (chunk_id, generation, window_index);
DO $$
DECLARE index_name text;
BEGIN
  FOR index_name IN SELECT indexname FROM pg_indexes
    WHERE tablename = 'knowledge_chunk_windows' AND indexname ~ '^knowledge_chunk_windows_embedding_[0-9]+_idx$'
  LOOP
    EXECUTE format('DROP INDEX %I', index_name);
  END LOOP;
END $$;
ALTER TABLE knowledge_store
  ADD COLUMN generation integer NOT NULL DEFAULT 1,
  ADD COLUMN embedder jsonb,
  ADD COLUMN building_generation integer,
  ADD COLUMN building_embedder jsonb,
  ADD COLUMN building_model text,
  ADD COLUMN building_dimensions integer,
  ADD COLUMN building_error text,
  ADD CONSTRAINT knowledge_store_building_check CHECK (building_generation IS NULL OR (building_generation > generation AND building_embedder IS NOT NULL));
`,
};
