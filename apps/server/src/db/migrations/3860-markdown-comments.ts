import { textNumberedHeadings } from './3730-text-numbered-headings.ts';
import type { Migration } from './migration.ts';

/**
 * A Markdown text's HTML comments are dropped (ingest/reading/markup-blocks.ts): Node.js's API docs keep each
 * function's history in a "<!-- YAML … -->" block, and the answers quoted it ("<!-- YAML added: v0.1.25 -->")
 * above the function's description. The text files 3730 read again are read again (its statement: a
 * `knowledge-reindex` job per indexed text file); until then each answers from its old chunks, and the Documents
 * screen shows the progress.
 */
export const markdownComments: Migration = {
  name: '3860-markdown-comments',
  sql: textNumberedHeadings.sql,
};
