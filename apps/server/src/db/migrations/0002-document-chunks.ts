import type { Migration } from './migration.ts';

/** Chunks of documents and approved Inform-the-Bot items with their embeddings (pgvector). */
export const documentChunks: Migration = {
  name: '0002-document-chunks',
  requiresExtension: 'vector',
  sql: /* sql */ `
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE document_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer REFERENCES documents(id) ON DELETE CASCADE,
  inform_the_bot_id integer REFERENCES inform_the_bot(id) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  page integer,
  content text NOT NULL,
  embedding vector(256) NOT NULL,
  CHECK ((document_id IS NULL) <> (inform_the_bot_id IS NULL))
);
CREATE INDEX document_chunks_document_idx ON document_chunks (document_id);
CREATE INDEX document_chunks_inform_idx ON document_chunks (inform_the_bot_id);
CREATE INDEX document_chunks_embedding_idx ON document_chunks USING hnsw (embedding vector_cosine_ops);
`,
};
