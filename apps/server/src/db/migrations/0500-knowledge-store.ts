import type { Migration } from './migration.ts';

/**
 * The documents' originals (in the database, so every app instance can read them) and the
 * knowledge store the bot searches: chunks of documents and approved Inform-the-Bot items with
 * a stored full-text vector. Embeddings are added by 0501 where pgvector exists.
 */
export const knowledgeStore: Migration = {
  name: '0500-knowledge-store',
  sql: /* sql */ `
DROP TABLE IF EXISTS document_chunks;

CREATE TABLE document_files (
  file_id text PRIMARY KEY,
  filename text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pdf', 'txt', 'csv')),
  byte_size bigint NOT NULL DEFAULT 0,
  uploaded_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  complete boolean NOT NULL DEFAULT false
);
CREATE INDEX document_files_created_idx ON document_files (created_at);

CREATE TABLE document_file_parts (
  file_id text NOT NULL REFERENCES document_files(file_id) ON DELETE CASCADE,
  part_no integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (file_id, part_no)
);

ALTER TABLE documents ADD COLUMN replacing_file_id text;
ALTER TABLE documents ADD COLUMN replacing_filename text;

CREATE TABLE knowledge_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer REFERENCES documents(id) ON DELETE CASCADE,
  inform_the_bot_id integer REFERENCES inform_the_bot(id) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  page integer,
  content text NOT NULL,
  search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
  CHECK ((document_id IS NULL) <> (inform_the_bot_id IS NULL))
);
CREATE INDEX knowledge_chunks_document_idx ON knowledge_chunks (document_id, chunk_index);
CREATE INDEX knowledge_chunks_inform_idx ON knowledge_chunks (inform_the_bot_id);
CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector);

CREATE TABLE knowledge_store (
  id integer PRIMARY KEY CHECK (id = 1),
  embedding_model text NOT NULL,
  embedding_dimensions integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
