import { RECOUNT_KNOWLEDGE_TERMS } from './3200-knowledge-terms-recount.ts';
import type { Migration } from './migration.ts';

/**
 * "C++" was "c" to the search: PostgreSQL's parser drops the pluses, so a question about C++ matched every "C", and a
 * manual's "C/C++ header dependencies" no more than "C header". `steward_search_text` now writes a name ending in
 * "++" (a capitalised one, "C++", "Notepad++", "C++11", or the compilers' "c++" and "g++") as itself and one word
 * ("C++ Cplusplus"), and a capital's "#" ("C#", "F#") the same way ("C# Csharp"); the "c" stays, so "C/C++" still
 * answers a question about C. A loop's "i++", an anchor's "page.html#top" and "issue #5" are left as they were.
 * Only the chunks holding such a name are written again (their generated search vector follows), then the words'
 * counts and totals are recounted. question-terms.ts reads a question's words through the same function.
 * db/search-text.ts holds the function's text again for the drift test.
 */
export const symbolNames: Migration = {
  name: '3870-symbol-names',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION steward_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(regexp_replace($1,
    '(?<![[:alnum:]/.~_-])([[:alpha:]]+)/([[:alpha:]]+)(?![[:alnum:]/_-])', '\\1/\\2 \\1 \\2', 'g'),
    '(?<![[:alnum:]_+#.-])([A-Z][A-Za-z0-9]{0,15}|[cg])\\+\\+([0-9]{2})?(?![[:alnum:]_+#])', '\\1++\\2 \\1plusplus', 'g'),
    '(?<![[:alnum:]_+#.-])([A-Z])#(?![[:alnum:]_+#])', '\\1# \\1sharp', 'g') $$;

UPDATE knowledge_chunks SET content = content
  WHERE content ~ '(^|[^[:alnum:]_+#.-])([A-Z][A-Za-z0-9]{0,15}|[cg])\\+\\+|(^|[^[:alnum:]_+#.-])[A-Z]#' OR heading ~ '(^|[^[:alnum:]_+#.-])([A-Z][A-Za-z0-9]{0,15}|[cg])\\+\\+|(^|[^[:alnum:]_+#.-])[A-Z]#';

${RECOUNT_KNOWLEDGE_TERMS}`,
};
