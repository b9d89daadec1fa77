/**
 * `steward_search_text`: a text as the knowledge search reads its words. PostgreSQL's parser reads two words joined
 * by a slash ("Home/End", "read/write", "TCP/IP") as one file name; each such pair is written as itself and its two
 * words ("Home/End Home End"), the whole kept for a question that types it. Paths ("/usr/share/doc",
 * "usr/share/doc", "~/foo/bar"), URLs and numbers ("1/2", "OS/2") keep their one word. A name whose symbols the parser
 * drops ("C++", "g++", "C#") is written as itself and one word ("C++ Cplusplus", "C# Csharp"). knowledge_chunks' search
 * vector is made of it (a generated column, migrations 3830 and 3870). The migrations hold the same text as a literal;
 * this copy is the schema side of the drift test.
 */
export const SEARCH_TEXT_FUNCTION_SQL = /* sql */ `
CREATE FUNCTION steward_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(regexp_replace($1,
    '(?<![[:alnum:]/.~_-])([[:alpha:]]+)/([[:alpha:]]+)(?![[:alnum:]/_-])', '\\1/\\2 \\1 \\2', 'g'),
    '(?<![[:alnum:]_+#.-])([A-Z][A-Za-z0-9]{0,15}|[cg])\\+\\+([0-9]{2})?(?![[:alnum:]_+#])', '\\1++\\2 \\1plusplus', 'g'),
    '(?<![[:alnum:]_+#.-])([A-Z])#(?![[:alnum:]_+#])', '\\1# \\1sharp', 'g') $$;
`;
