import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { type Passage, searchKnowledge } from '../knowledge/knowledge.repository.ts';

/** Passages the hybrid search hands over for checking, and the most an answer quotes or gives the LLM. */
const CANDIDATES = 8;
export const MAX_ANSWER_PASSAGES = 3;

/**
 * The share of the question's words (English stems, stop words left out) a passage must hold to
 * answer it. The hybrid search ranks by position only (reciprocal rank fusion), so its best hit
 * for "What is the capital of Mongolia?" is simply the passage holding "capital": this absolute
 * check is what lets the bot say "I don't know". Tuned in chat-retrieval.test.ts on tracemonkey.pdf:
 * its questions hold all or most of their words in the answering passage, unrelated ones half at best.
 */
export const MIN_QUESTION_COVERAGE = 0.6;

export interface RetrievedPassage extends Passage {
  /** The share of the question's words the passage holds, 0 to 1. */
  coverage: number;
}

/**
 * The passages that answer a question well enough, best first (at most MAX_ANSWER_PASSAGES): the
 * same retrieval as POST /api/bot/knowledge/search, then the coverage check.
 */
export async function retrievePassages(db: Db, knowledge: KnowledgeStore, question: string): Promise<RetrievedPassage[]> {
  const queryEmbedding = await knowledge.embedQuery(question);
  const passages = await searchKnowledge(db, { query: question, k: CANDIDATES, queryEmbedding });
  if (passages.length === 0) return [];
  const coverages = await questionCoverage(db, question, passages.map((passage) => passage.text));
  return passages
    .map((passage, position) => ({ ...passage, coverage: coverages[position] ?? 0 }))
    .filter((passage) => passage.coverage >= MIN_QUESTION_COVERAGE)
    .slice(0, MAX_ANSWER_PASSAGES);
}

/** For each text, the share of the question's distinct English stems it holds (0 when the question has none). */
export async function questionCoverage(db: Db, question: string, texts: readonly string[]): Promise<number[]> {
  const rows = await sqlRows<{ position: number | string; coverage: number | string }>(db, sql`
    WITH question_words AS (
      SELECT DISTINCT word FROM unnest(tsvector_to_array(to_tsvector('english', ${question}))) AS word
    )
    SELECT passage.position - 1 AS position,
           coalesce((SELECT count(*) FROM question_words WHERE word = ANY (tsvector_to_array(to_tsvector('english', passage.text))))::float
                    / nullif((SELECT count(*) FROM question_words), 0), 0) AS coverage
    FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS passage(text, position)`);
  const coverages = new Array<number>(texts.length).fill(0);
  for (const row of rows) coverages[Number(row.position)] = Number(row.coverage);
  return coverages;
}
