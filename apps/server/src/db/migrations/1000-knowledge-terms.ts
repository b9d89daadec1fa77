import type { Migration } from './migration.ts';

/**
 * How many knowledge chunks hold each word (its stemmed lexeme, as the chunks' search_vector has it): the
 * document frequency that lets a question's full-text side start from its rarest words (knowledge.repository.ts).
 * Kept by statement triggers in the transaction that writes the chunks, whoever writes them (ingestion,
 * Inform the Bot, the benchmark's loader); terms are locked in sorted order, so two transactions writing
 * chunks at once (on a PostgreSQL server) never deadlock on them. A term no chunk holds any more is deleted.
 */
export const knowledgeTerms: Migration = {
  name: '1000-knowledge-terms',
  sql: /* sql */ `
CREATE TABLE knowledge_terms (
  term text PRIMARY KEY,
  chunks integer NOT NULL CHECK (chunks > 0)
);

INSERT INTO knowledge_terms (term, chunks)
  SELECT term, count(*) FROM knowledge_chunks, unnest(tsvector_to_array(search_vector)) AS term
  GROUP BY term;

CREATE FUNCTION knowledge_terms_count(terms text[], change integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  IF change > 0 THEN
    INSERT INTO knowledge_terms AS k (term, chunks)
      SELECT term, change * count(*) FROM unnest(terms) AS term GROUP BY term ORDER BY term
      ON CONFLICT (term) DO UPDATE SET chunks = k.chunks + EXCLUDED.chunks;
    RETURN;
  END IF;
  -- Locked in term order, as the insert above takes them, so a removal and an addition never deadlock.
  PERFORM FROM knowledge_terms WHERE term = ANY (terms) ORDER BY term FOR UPDATE;
  WITH gone AS (SELECT term, -change * count(*) AS chunks FROM unnest(terms) AS term GROUP BY term),
  left_over AS (
    UPDATE knowledge_terms k SET chunks = greatest(k.chunks - gone.chunks, 1)
    FROM gone WHERE k.term = gone.term
    RETURNING k.term, k.chunks - gone.chunks <= 0 AS empty
  )
  SELECT array_agg(term) INTO emptied FROM left_over WHERE empty;
  DELETE FROM knowledge_terms WHERE term = ANY (emptied);
END;
$$;

CREATE FUNCTION knowledge_terms_of_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM knowledge_terms_count(ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM new_chunks), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM knowledge_terms_count(ARRAY(SELECT unnest(tsvector_to_array(search_vector)) FROM old_chunks), -1);
  ELSE
    DELETE FROM knowledge_terms;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION knowledge_terms_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM knowledge_terms_count(tsvector_to_array(OLD.search_vector), -1);
  PERFORM knowledge_terms_count(tsvector_to_array(NEW.search_vector), 1);
  RETURN NULL;
END;
$$;

CREATE TRIGGER knowledge_terms_insert AFTER INSERT ON knowledge_chunks
  REFERENCING NEW TABLE AS new_chunks FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_of_statement();
CREATE TRIGGER knowledge_terms_delete AFTER DELETE ON knowledge_chunks
  REFERENCING OLD TABLE AS old_chunks FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_of_statement();
CREATE TRIGGER knowledge_terms_truncate AFTER TRUNCATE ON knowledge_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_of_statement();
-- Chunks are replaced, not edited; an edit of the text would still be counted.
CREATE TRIGGER knowledge_terms_update AFTER UPDATE OF content ON knowledge_chunks
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content) EXECUTE FUNCTION knowledge_terms_of_row();

-- The lexemes as one OR query, each taken literally (quoted, quotes and backslashes doubled).
CREATE FUNCTION steward_any_lexeme(terms text[]) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT nullif(string_agg('''' || replace(replace(term, '\\', '\\\\'), '''', '''''') || '''', ' | '), '')::tsquery
  FROM unnest(terms) AS term
$$;
`,
};
