import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * A FAQ whose entries are parted by rules, each opening with a short paragraph that states its problem (ncurses'
 * FAQ: "********" / "Home/End keys don't work in some non-full-screen applications." / its answer), is read as
 * entries now (ingest/reading/faq-questions.ts), and a short rule alone in its paragraph ("********", "***") is a
 * rule, no text. It was one section of prose: the answer quoted the problem's own line. The documents 3760 read
 * again are read again (its statement: a `knowledge-reindex` job per indexed text file and per document with a
 * chunk under a question heading); until then each answers from its old chunks, and the Documents screen shows
 * the progress.
 */
export const ruledFaqEntries: Migration = {
  name: '3840-ruled-faq-entries',
  sql: faqReading.sql,
};
