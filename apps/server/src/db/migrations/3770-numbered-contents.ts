import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * A plain text's table of contents of numbered titles is no text now (ingest/reading/numbered-contents.ts): the
 * list of questions above a FAQ's entries (sed's, lsof's, the FAQ chapter of Valgrind's manual) was read as text,
 * found by the search for the questions it lists, and quoted as an answer. The documents 3760 read again are read
 * again (its statement: a `knowledge-reindex` job per indexed text file and per document with a chunk under a
 * question heading); until then each answers from its old chunks, and the Documents screen shows the progress.
 */
export const numberedContents: Migration = {
  name: '3770-numbered-contents',
  sql: faqReading.sql,
};
