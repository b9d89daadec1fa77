import type { Migration } from './migration.ts';

/**
 * A FAQ is read better now (ingest/reading/faq-questions.ts, text-headings.ts): its list of questions above the
 * entries (a table of contents) is text, not entries of their own (sed's and lsof's FAQs had a section per
 * listed question, headed by it and holding the rest of the list, that the search could rank above the real
 * entry); a numbered entry that states a problem ("3.1. Programs run OK on Valgrind, but at exit …") heads its
 * entry as a question does; a title set between rules heads a part, and a rule is no text. A
 * `knowledge-reindex` job per indexed text file and per document with a chunk under a question heading reads it
 * again from its stored file; until then it answers from its old chunks, and the Documents screen shows the
 * progress.
 */
export const faqReading: Migration = {
  name: '3760-faq-reading',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL
    AND (content_type = 'txt' OR lower(filename) LIKE '%.txt'
      OR EXISTS (SELECT 1 FROM knowledge_chunks WHERE document_id = documents.id AND heading ~ '\\?["''”’)\\]]*$'))
  ORDER BY id;`,
};
