import type { Migration } from './migration.ts';

/**
 * Issue 55, the chunk viewer: staff exclude a passage of a document from every answer (a cookie notice, a legal
 * footer, an outdated paragraph). An exclusion is kept by the document and the key of the passage's text
 * (`steward_text_key`: SHA-256 of the text with whitespace runs made one space, trimmed and lower-cased), not by
 * the chunk's id, so a re-index or a re-read of the page, which writes new chunks, keeps it while the text is
 * unchanged. Each chunk stores its key (a generated column, so every writer of chunks gets it). convert_to is only
 * STABLE because it depends on the database's encoding; Steward's databases are UTF-8 (PGlite always, PostgreSQL
 * as operations.md requires), so the function is IMMUTABLE, as a generated column needs. Its audit actions are
 * allowed by 3590.
 */
export const knowledgeChunkExclusions: Migration = {
  name: '3420-knowledge-chunk-exclusions',
  sql: /* sql */ `
CREATE FUNCTION steward_text_key(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT encode(sha256(convert_to(lower(btrim(regexp_replace($1, '\\s+', ' ', 'g'))), 'UTF8')), 'hex') $$;

ALTER TABLE knowledge_chunks ADD COLUMN text_key text GENERATED ALWAYS AS (steward_text_key(content)) STORED;

CREATE TABLE knowledge_chunk_exclusions (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  text_key text NOT NULL,
  excluded_by text NOT NULL,
  excluded_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  excluded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, text_key)
);

`,
};
