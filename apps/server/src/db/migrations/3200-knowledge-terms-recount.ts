import type { Migration } from './migration.ts';

/**
 * Removing chunks forgot words other chunks still held. knowledge_terms_count (migration 1000) decided that a word
 * no chunk held any more from its UPDATE's RETURNING, which sees the row after the update: a word losing at least
 * half of its chunks at once (a document deleted or re-indexed that held most of them) was deleted while other
 * documents' chunks still held it. The search then took it for a word the documents never use: the bot declined
 * questions about the remaining documents, and their IDF was wrong. Deleting the Valgrind manual from the
 * evaluation's four manuals left 1,606 of 3,695 words missing or miscounted (27 Nov 2026).
 *
 * The words that empty are now deleted first, judged by their counts before the removal, then the rest are
 * counted down. Every store's counts and totals are recounted from its chunks, once.
 */
/** Every word's count of chunks, and the chunks' totals, counted again from the chunks (3830 runs it too). */
export const RECOUNT_KNOWLEDGE_TERMS = /* sql */ `DELETE FROM knowledge_terms;
INSERT INTO knowledge_terms (term, chunks)
  SELECT term, count(*) FROM knowledge_chunks, unnest(tsvector_to_array(search_vector)) AS term
  GROUP BY term;
UPDATE knowledge_totals SET
  chunks = (SELECT count(*) FROM knowledge_chunks),
  lexemes = (SELECT coalesce(sum(length(search_vector)), 0) FROM knowledge_chunks)
  WHERE id = 1;
`;

export const knowledgeTermsRecount: Migration = {
  name: '3200-knowledge-terms-recount',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION knowledge_terms_count(terms text[], change integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF change > 0 THEN
    INSERT INTO knowledge_terms AS k (term, chunks)
      SELECT term, change * count(*) FROM unnest(terms) AS term GROUP BY term ORDER BY term
      ON CONFLICT (term) DO UPDATE SET chunks = k.chunks + EXCLUDED.chunks;
    RETURN;
  END IF;
  -- Locked in term order, as the insert above takes them, so a removal and an addition never deadlock.
  PERFORM FROM knowledge_terms WHERE term = ANY (terms) ORDER BY term FOR UPDATE;
  DELETE FROM knowledge_terms k
    USING (SELECT term, -change * count(*) AS chunks FROM unnest(terms) AS term GROUP BY term) gone
    WHERE k.term = gone.term AND k.chunks <= gone.chunks;
  UPDATE knowledge_terms k SET chunks = k.chunks - gone.chunks
    FROM (SELECT term, -change * count(*) AS chunks FROM unnest(terms) AS term GROUP BY term) gone
    WHERE k.term = gone.term;
END;
$$;

${RECOUNT_KNOWLEDGE_TERMS}`,
};
