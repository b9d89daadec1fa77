import type { Migration } from './migration.ts';

/**
 * The chunks' embeddings (pgvector). The column has no fixed dimension, because the embedding
 * model is configurable; the HNSW index is made for the model's dimension at start-up
 * (modules/knowledge/knowledge-vectors.ts), on the expression `embedding::vector(n)`.
 */
export const knowledgeVectors: Migration = {
  name: '0501-knowledge-vectors',
  requiresExtension: 'vector',
  sql: /* sql */ `
CREATE EXTENSION IF NOT EXISTS vector;
ALTER TABLE knowledge_chunks ADD COLUMN embedding vector;
`,
};
