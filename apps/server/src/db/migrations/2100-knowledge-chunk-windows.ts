import type { Migration } from './migration.ts';

/**
 * A chunk's vectors, one per window of its text that the embedding model reads whole (Universal Sentence
 * Encoder Lite reads a text's first 128 tokens; a chunk holds up to 400). The vectors themselves come with
 * pgvector (2101); without it the table stays empty, as the chunks' vectors did.
 */
export const knowledgeChunkWindows: Migration = {
  name: '2100-knowledge-chunk-windows',
  sql: /* sql */ `
CREATE TABLE knowledge_chunk_windows (
  chunk_id bigint NOT NULL REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
  window_index smallint NOT NULL,
  PRIMARY KEY (chunk_id, window_index)
);
`,
};
