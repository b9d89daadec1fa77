import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * A text's markup is read now (ingest/reading/markup-blocks.ts): AsciiDoc's section titles ("== Repositories and
 * Branches", the Git User Manual), which were text, head their sections, its listings ("-----" above and below "$
 * git help clone"), read as titles set between rules, are code, and a Markdown fence's lines ("# fetch the
 * sources") are never a heading; a text that quotes its answers ("> You didn't setup PAM …", sudo's FAQ) loses the
 * quotes' markers; titles in capitals ("GENERAL USAGE") and chapters numbered in roman numerals ("III. Reading") head
 * their sections. The documents 3760 read again are read again (its statement: a
 * `knowledge-reindex` job per indexed text file and per document with a chunk under a question heading); until then
 * each answers from its old chunks, and the Documents screen shows the progress.
 */
export const textMarkup: Migration = {
  name: '3790-text-markup',
  sql: faqReading.sql,
};
