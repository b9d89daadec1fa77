import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * In a FAQ that numbers its questions, an unnumbered question is no entry of its own now (ingest/reading/
 * faq-questions.ts): the asker's own question inside an entry (Debian's mdadm FAQ: "Why does mdadm break my system?"
 * under "26. Why doesn't mdadm find arrays …?") cut the entry in two, and its asker's story was quoted as the answer.
 * The documents 3760 read again are read again (its statement: a `knowledge-reindex` job per indexed text file and
 * per document with a chunk under a question heading); until then each answers from its old chunks, and the
 * Documents screen shows the progress.
 */
export const unnumberedFaqQuestions: Migration = {
  name: '3810-unnumbered-faq-questions',
  sql: faqReading.sql,
};
