import type { Migration } from './migration.ts';

/**
 * A FAQ's list of its questions above the entries (a table of contents) is read as text now, not as entries
 * of their own (ingest/reading/faq-questions.ts): sed's and lsof's FAQs had a section per listed question,
 * headed by it and holding the rest of the list, that the search could rank above the real entry. A
 * `knowledge-reindex` job per indexed document with a chunk under a question heading reads it again from its
 * stored file; until then it answers from its old chunks, and the Documents screen shows the progress.
 */
export const faqContentsLines: Migration = {
  name: '3760-faq-contents-lines',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL
    AND EXISTS (SELECT 1 FROM knowledge_chunks WHERE document_id = documents.id AND heading ~ '\\?["''”’)\\]]*$')
  ORDER BY id;`,
};
