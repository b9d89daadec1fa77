import { faqReading } from './3760-faq-reading.ts';
import type { Migration } from './migration.ts';

/**
 * More ways of writing a text's titles are read now (ingest/reading/heading-lines.ts, text-headings.ts,
 * faq-questions.ts): a title numbered with a colon ("3.13: How do I get a newline in my prompt?", the Z shell's
 * FAQ, which was read as a few sections under stray lines, its list of questions as text), a question ending "?!"
 * ("… what is Linux?!"), a numbered entry that asks and ends with "!" ("9.4. How can I keep a log …? I'd like to
 * know when … packages!"), both read as part of the entry before, and a chapter's title ("Chapter 2. Getting and
 * installing Debian GNU/Linux"), which was read as text of the last entry above it. The documents 3760 read again
 * are read again (its statement: a `knowledge-reindex` job per indexed text file and per document with a chunk
 * under a question heading); until then each answers from its old chunks, and the Documents screen shows the
 * progress.
 */
export const faqTitleForms: Migration = {
  name: '3780-faq-title-forms',
  sql: faqReading.sql,
};
