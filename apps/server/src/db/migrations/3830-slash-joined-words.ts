import { RECOUNT_KNOWLEDGE_TERMS } from './3200-knowledge-terms-recount.ts';
import type { Migration } from './migration.ts';

/**
 * Two words joined by a slash ("Home/End", "read/write", "TCP/IP") were one word to the search: PostgreSQL's parser
 * reads them as a file name, so ncurses' FAQ entry "My Home/End keys do nothing" was not found by "home" or "end",
 * nor "read and write access" by "read/write access". `steward_search_text` writes each such pair as itself and its
 * two words ("Home/End Home End"), the whole kept for a question that types it; paths ("/usr/share/doc",
 * "usr/share/doc", "~/foo/bar") and URLs keep their one word. A chunk's search vector is made of it (a generated
 * column: every chunk's is computed again, once), and the words' counts and totals are recounted from them. A
 * sentence's words (answers/answer-question.ts) are read through it too; a question's pair is split by
 * question-terms.ts. db/search-text.ts holds the function's text again for the drift test.
 */
export const slashJoinedWords: Migration = {
  name: '3830-slash-joined-words',
  sql: /* sql */ `
CREATE FUNCTION steward_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace($1, '(?<![[:alnum:]/.~_-])([[:alpha:]]+)/([[:alpha:]]+)(?![[:alnum:]/_-])', '\\1/\\2 \\1 \\2', 'g') $$;

ALTER TABLE knowledge_chunks DROP COLUMN search_vector;
ALTER TABLE knowledge_chunks ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', steward_search_text(coalesce(heading, ''))), 'A') || to_tsvector('english', steward_search_text(content))) STORED;
CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector);

${RECOUNT_KNOWLEDGE_TERMS}`,
};
