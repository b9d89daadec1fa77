import { textNumberedHeadings } from './3730-text-numbered-headings.ts';
import type { Migration } from './migration.ts';

/**
 * A text's listing (a Markdown fence's lines, an AsciiDoc listing's) is a paragraph of its own now
 * (ingest/reading/document-sections.ts): it was joined to the prose above it when no blank line parted them ("… a
 * debug enabled binary:" and "./configure --debug", Node.js's BUILDING.md), and the answer quoted the commands
 * as part of that sentence. The text files 3730 read again are read again (its statement: a `knowledge-reindex`
 * job per indexed text file); until then each answers from its old chunks, and the Documents screen shows the
 * progress.
 */
export const listingParagraphs: Migration = {
  name: '3850-listing-paragraphs',
  sql: textNumberedHeadings.sql,
};
