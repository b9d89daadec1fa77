import type { Migration } from './migration.ts';

/**
 * A text's listing (a Markdown fence's lines, an AsciiDoc listing's) is a paragraph of its own now
 * (ingest/reading/document-sections.ts): it was joined to the prose above it when no blank line parted them ("… a
 * debug enabled binary:" and "./configure --debug", Node.js's BUILDING.md), and the answer quoted the commands
 * as part of that sentence. A `knowledge-reindex` job per indexed text file reads it again from its stored file;
 * until then it answers from its old chunks, and the Documents screen shows the progress.
 */
export const listingParagraphs: Migration = {
  name: '3850-listing-paragraphs',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload, max_attempts)
  SELECT 'knowledge-reindex', jsonb_build_object('documentId', id, 'fileId', file_id), 3
  FROM documents
  WHERE status = 'completed' AND replacing_file_id IS NULL AND (content_type = 'txt' OR lower(filename) LIKE '%.txt')
  ORDER BY id;`,
};
