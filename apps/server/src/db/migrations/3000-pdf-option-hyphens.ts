import type { Migration } from './migration.ts';

/**
 * A PDF's lines are joined again with an option's or a compound's hyphen kept ("--gen-" and "suppressions=yes"
 * make "--gen-suppressions=yes", not "--gensuppressions=yes"; ingest/reading/document-sections.ts), so a manual's options
 * are found and quoted as they are written. A `knowledge-reindex` job per indexed PDF reads it again from its
 * stored file, as migration 2200's do; until then it answers from its old chunks, and the Documents screen
 * shows the progress.
 */
export const pdfOptionHyphens: Migration = {
  name: '3000-pdf-option-hyphens',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL AND (content_type = 'pdf' OR lower(filename) LIKE '%.pdf')
  ORDER BY id;`,
};
