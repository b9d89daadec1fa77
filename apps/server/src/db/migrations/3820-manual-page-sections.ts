import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * A manual page saved as text (`man rsync | col -b`) has its sections now (ingest/reading/text-headings.ts:
 * "OPTIONS", "EXIT VALUES" right above their text, "SECURITY › Symbolic links" set in less than it); it had no
 * heading at all. A word `man` broke at a line's end with U+2010 is joined again ("ex‐" / "tracted"), and a FAQ's
 * contents set as bullets ("* 2 Keyboard") are taken out (numbered-contents.ts). The documents 3760 read again are
 * read again (its statement: a `knowledge-reindex` job per indexed text file and per document with a chunk under a
 * question heading); until then each answers from its old chunks, and the Documents screen shows the progress.
 */
export const manualPageSections: Migration = {
  name: '3820-manual-page-sections',
  sql: faqReading.sql,
};
