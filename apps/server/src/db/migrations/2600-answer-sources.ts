import type { Migration } from './migration.ts';

/**
 * What each of the built-in chat's answers was built from: the passages it quoted or gave the LLM, or the
 * correction it answered with, with their relevance. The session detail shows them beside the answer; the
 * insights count documents' citations and corrections' effect from them. A passage's words are kept as an
 * excerpt, since a document's chunks are replaced when it is uploaded again or re-indexed.
 */
export const answerSources: Migration = {
  name: '2600-answer-sources',
  sql: /* sql */ `
CREATE TABLE answer_sources (
  history_id bigint NOT NULL REFERENCES history(id) ON DELETE CASCADE,
  position smallint NOT NULL,
  document_id integer REFERENCES documents(id) ON DELETE SET NULL,
  inform_the_bot_id integer REFERENCES inform_the_bot(id) ON DELETE SET NULL,
  title text NOT NULL,
  page integer,
  page_end integer,
  heading text,
  excerpt text NOT NULL,
  relevance real NOT NULL,
  PRIMARY KEY (history_id, position)
);
CREATE INDEX answer_sources_document_idx ON answer_sources (document_id, history_id) WHERE document_id IS NOT NULL;
CREATE INDEX answer_sources_inform_the_bot_idx ON answer_sources (inform_the_bot_id, history_id) WHERE inform_the_bot_id IS NOT NULL;
`,
};
