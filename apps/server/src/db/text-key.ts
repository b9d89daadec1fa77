/**
 * `steward_text_key`: the key of a passage's text, whitespace runs made one space, trimmed and lower-cased, as
 * SHA-256 in hex. knowledge_chunks stores it (a generated column, migration 3420) and an excluded passage is kept
 * by it, so an exclusion outlives a re-index while the text is unchanged. convert_to is only STABLE (it depends on
 * the database's encoding); Steward's databases are UTF-8, so the function is IMMUTABLE, as a generated column
 * needs. The migration holds the same text as a literal; this copy is the schema side of the drift test.
 */
export const TEXT_KEY_FUNCTION_SQL = /* sql */ `
CREATE FUNCTION steward_text_key(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT encode(sha256(convert_to(lower(btrim(regexp_replace($1, '\\s+', ' ', 'g'))), 'UTF8')), 'hex') $$;
`;
