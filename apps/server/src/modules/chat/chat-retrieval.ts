import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { type Passage, searchKnowledge } from '../knowledge/knowledge.repository.ts';

/** Passages the hybrid search hands over for checking, and the most an answer quotes or gives the LLM. */
const CANDIDATES = 8;
export const MAX_ANSWER_PASSAGES = 3;

/**
 * How much of the question a passage must hold to answer it: at least half of the question's words
 * (English stems, stop words left out), and at least two of them (all of them for a question of one
 * word). The hybrid search ranks by position only (reciprocal rank fusion), so its best hit for "What
 * is the capital of Mongolia?" is simply whatever passage holds "capital": this absolute check is what
 * lets the bot say "I don't know". Tuned in chat-retrieval.test.ts on tracemonkey.pdf, where questions
 * about the paper hold half to all of their words in the best passage and unrelated ones a fifth at most.
 */
export const MIN_QUESTION_COVERAGE = 0.5;
export const MIN_MATCHED_WORDS = 2;

/** How many of the question's words a text holds, of how many. */
export interface WordMatch {
  found: number;
  words: number;
}

export const answersQuestion = ({ found, words }: WordMatch): boolean =>
  words > 0 && found / words >= MIN_QUESTION_COVERAGE && found >= Math.min(MIN_MATCHED_WORDS, words);

export interface RetrievedPassage extends Passage {
  /** How many of the question's words the passage holds. */
  match: WordMatch;
}

/**
 * The passages that answer a question well enough, best first (at most MAX_ANSWER_PASSAGES): the
 * same retrieval as POST /api/bot/knowledge/search, then the coverage check.
 */
export async function retrievePassages(db: Db, knowledge: KnowledgeStore, question: string): Promise<RetrievedPassage[]> {
  const queryEmbedding = await knowledge.embedQuery(question);
  const passages = await searchKnowledge(db, { query: question, k: CANDIDATES, queryEmbedding });
  if (passages.length === 0) return [];
  const matches = await questionWordMatches(db, question, passages.map((passage) => passage.text));
  return passages
    .map((passage, position) => ({ ...passage, match: matches[position] ?? { found: 0, words: 0 } }))
    .filter((passage) => answersQuestion(passage.match))
    .slice(0, MAX_ANSWER_PASSAGES);
}

/** For each text, how many of the question's distinct English stems it holds. */
export async function questionWordMatches(db: Db, question: string, texts: readonly string[]): Promise<WordMatch[]> {
  const rows = await sqlRows<{ position: number | string; found: number | string; words: number | string }>(db, sql`
    WITH question_words AS (
      SELECT DISTINCT word FROM unnest(tsvector_to_array(to_tsvector('english', ${question}))) AS word
    )
    SELECT passage.position - 1 AS position,
           (SELECT count(*) FROM question_words WHERE word = ANY (tsvector_to_array(to_tsvector('english', passage.text)))) AS found,
           (SELECT count(*) FROM question_words) AS words
    FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS passage(text, position)`);
  const matches = texts.map((): WordMatch => ({ found: 0, words: 0 }));
  for (const row of rows) matches[Number(row.position)] = { found: Number(row.found), words: Number(row.words) };
  return matches;
}
