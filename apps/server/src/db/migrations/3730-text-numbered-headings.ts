import type { Migration } from './migration.ts';

/**
 * A plain text's numbered titles ("3.5.3.  Viewing ASCII pages formatted for latin1 output device") and, in a text
 * set with an indented body, its titles at the margin ("Functional Overview") head sections now
 * (ingest/reading/text-headings.ts): a manual without underlines was one section without a heading path. A
 * `knowledge-reindex` job per indexed text file reads it again from its stored file, as migration 3000's do for
 * PDFs; until then it answers from its old chunks, and the Documents screen shows the progress.
 */
export const textNumberedHeadings: Migration = {
  name: '3730-text-numbered-headings',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL AND (content_type = 'txt' OR lower(filename) LIKE '%.txt')
  ORDER BY id;`,
};
