import type { Migration } from './migration.ts';

/**
 * Two more ways of writing a FAQ's titles are read now (ingest/reading/heading-lines.ts): a title numbered with a
 * colon ("3.13: How do I get a newline in my prompt?", as the Z shell's FAQ numbers its entries; such a FAQ was
 * read as a few sections under stray lines, and its list of questions as text), and a question ending "?!" ("OK,
 * now I know what Debian is... what is Linux?!", whose entry was read as part of the one before). A
 * `knowledge-reindex` job per indexed document holding such a line reads it again from its stored file; until
 * then it answers from its old chunks, and the Documents screen shows the progress.
 */
export const faqTitleForms: Migration = {
  name: '3780-faq-title-forms',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL
    AND EXISTS (SELECT 1 FROM knowledge_chunks WHERE document_id = documents.id
      AND content ~ '(^|\\n)\\s*\\d{1,3}\\.\\d[\\d.]{0,12}:\\s+\\S|\\?!["''”’)\\]]*(\\n|$)')
  ORDER BY id;`,
};
