import type { Migration } from './migration.ts';

/**
 * Chunks that follow a document's sections (ingest/reading/document-sections.ts): each keeps the heading path it sits
 * under and the page where it ends as well as where it starts. The heading is indexed with the text, weighted
 * A, so a question's words in a section's heading count (knowledge-search.ts). knowledge_totals keeps the
 * number of chunks and of their lexemes, kept by migration 1000's statement triggers in the same transaction:
 * the N and the average length of BM25, read in one row. A `knowledge-reindex` job per indexed document cleans
 * and cuts it again from its stored file, re-embeds it and swaps its chunks in at once; until then it answers
 * from its old chunks.
 */
/** One re-indexing job per indexed document (documentReindexHandler); a document in progress is indexed anew by its own job. */
export const QUEUE_REINDEX_JOBS = /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents WHERE status = 'completed' AND replacing_file_id IS NULL
  ORDER BY id;`;

export const knowledgeSections: Migration = {
  name: '2200-knowledge-sections',
  sql: /* sql */ `
ALTER TABLE knowledge_chunks ADD COLUMN heading text;
ALTER TABLE knowledge_chunks ADD COLUMN page_end integer;
ALTER TABLE knowledge_chunks DROP COLUMN search_vector;
ALTER TABLE knowledge_chunks ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(heading, '')), 'A') || to_tsvector('english', content)) STORED;
CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector);

CREATE TABLE knowledge_totals (
  id integer PRIMARY KEY CHECK (id = 1),
  chunks bigint NOT NULL CHECK (chunks >= 0),
  lexemes bigint NOT NULL CHECK (lexemes >= 0)
);
INSERT INTO knowledge_totals (id, chunks, lexemes)
  SELECT 1, count(*), coalesce(sum(length(search_vector)), 0) FROM knowledge_chunks;

CREATE OR REPLACE FUNCTION knowledge_terms_of_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM knowledge_terms_count(ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM new_chunks), 1);
    UPDATE knowledge_totals SET chunks = chunks + (SELECT count(*) FROM new_chunks),
      lexemes = lexemes + (SELECT coalesce(sum(length(search_vector)), 0) FROM new_chunks) WHERE id = 1;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM knowledge_terms_count(ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM old_chunks), -1);
    UPDATE knowledge_totals SET chunks = greatest(chunks - (SELECT count(*) FROM old_chunks), 0),
      lexemes = greatest(lexemes - (SELECT coalesce(sum(length(search_vector)), 0) FROM old_chunks), 0) WHERE id = 1;
  ELSE
    DELETE FROM knowledge_terms;
    UPDATE knowledge_totals SET chunks = 0, lexemes = 0 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION knowledge_terms_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM knowledge_terms_count(tsvector_to_array(OLD.search_vector), -1);
  PERFORM knowledge_terms_count(tsvector_to_array(NEW.search_vector), 1);
  UPDATE knowledge_totals SET lexemes = greatest(lexemes - length(OLD.search_vector) + length(NEW.search_vector), 0) WHERE id = 1;
  RETURN NULL;
END;
$$;
DROP TRIGGER knowledge_terms_update ON knowledge_chunks;
CREATE TRIGGER knowledge_terms_update AFTER UPDATE OF content, heading ON knowledge_chunks
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.heading IS DISTINCT FROM NEW.heading)
  EXECUTE FUNCTION knowledge_terms_of_row();

${QUEUE_REINDEX_JOBS}
`,
};
