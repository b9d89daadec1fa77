/**
 * `steward_search_text`: a text as the knowledge search reads its words. PostgreSQL's parser reads two words joined
 * by a slash ("Home/End", "read/write", "TCP/IP") as one file name; each such pair is written as itself and its two
 * words ("Home/End Home End"), the whole kept for a question that types it. Paths ("/usr/share/doc",
 * "usr/share/doc", "~/foo/bar"), URLs and numbers ("1/2", "OS/2") keep their one word. knowledge_chunks' search
 * vector is made of it (a generated column, migration 3830). The migration holds the same text as a literal; this
 * copy is the schema side of the drift test.
 */
export const SEARCH_TEXT_FUNCTION_SQL = /* sql */ `
CREATE FUNCTION steward_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace($1, '(?<![[:alnum:]/.~_-])([[:alpha:]]+)/([[:alpha:]]+)(?![[:alnum:]/_-])', '\\1/\\2 \\1 \\2', 'g') $$;
`;
