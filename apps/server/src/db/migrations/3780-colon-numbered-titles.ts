import type { Migration } from './migration.ts';

/**
 * A title numbered with a colon ("3.13: How do I get a newline in my prompt?", as the Z shell's FAQ numbers its
 * entries) is a numbered title now (ingest/reading/heading-lines.ts): such a FAQ was read as a few sections with
 * stray lines for headings, and its list of questions as text. A `knowledge-reindex` job per indexed document
 * holding such a line reads it again from its stored file; until then it answers from its old chunks, and the
 * Documents screen shows the progress.
 */
export const colonNumberedTitles: Migration = {
  name: '3780-colon-numbered-titles',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL
    AND EXISTS (SELECT 1 FROM knowledge_chunks WHERE document_id = documents.id AND content ~ '(^|\\n)\\s*\\d{1,3}\\.\\d[\\d.]{0,12}:\\s+\\S')
  ORDER BY id;`,
};
