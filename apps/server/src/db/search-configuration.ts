/**
 * What global search needs before any table uses it (migration 0600, and the schema side of the
 * drift test): accent folding (unaccent), trigram matching (pg_trgm), the `steward_search` text
 * search configuration (English stemming after folding accents, so "café" finds "cafe"), and
 * `steward_fold`, an IMMUTABLE lower(unaccent(…)) that trigram indexes on names and emails can use.
 */
export const SEARCH_CONFIGURATION_SQL = /* sql */ `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TEXT SEARCH CONFIGURATION steward_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION steward_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
CREATE FUNCTION steward_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
`;
