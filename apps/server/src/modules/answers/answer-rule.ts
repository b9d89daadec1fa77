import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Passage, rankPassages } from '../knowledge/knowledge-search.ts';
import { type QuestionTerm, unknownShareOf } from '../knowledge/question-terms.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';

/** Passages the search hands over, and the most an answer draws on or gives the LLM. */
const CANDIDATES = 8;
export const MAX_ANSWER_PASSAGES = 3;

/**
 * The bot answers unless the documents cannot speak to the question: when more than this share of the
 * question's weight is in words no chunk holds, nor any synonym of them ("torrent", "YouTube", "refund";
 * unknownShareOf), it says it does not know. Calibrated on the evaluation's questions (docs/bot.md): of the
 * signals at hand (the best passage's relevance, its coverage, the vectors' similarity) this one alone told
 * the questions the documents do not answer from the paraphrased ones they do, and this value declines the
 * most of them while declining at most one answerable question in twenty.
 */
export const MAX_UNKNOWN_SHARE = 0.2;
/** A further passage is used only if it is at least this share as relevant as the best. */
const RELATIVE_THRESHOLD = 0.6;

export type RetrievedPassage = Passage;

/**
 * The passages that answer a question well enough, best first (at most MAX_ANSWER_PASSAGES): the same
 * search as POST /api/bot/knowledge/search, then the answer rule; none when the question is one to decline.
 */
export async function retrievePassages(
  db: Db,
  knowledge: KnowledgeStore,
  log: Pick<FastifyBaseLogger, 'warn'>,
  question: string,
): Promise<{ terms: QuestionTerm[]; passages: RetrievedPassage[] }> {
  const { terms, passages } = await rankPassages(db, { query: question, k: CANDIDATES, queryEmbedding: knowledge.embedQuery(question, log) });
  const best = passages[0];
  // A question of stop words alone ("What is it?") asks about nothing in particular.
  if (!best || terms.length === 0 || unknownShareOf(terms) > MAX_UNKNOWN_SHARE) return { terms, passages: [] };
  const used = passages.filter((passage) => passage.relevance >= best.relevance * RELATIVE_THRESHOLD);
  return { terms, passages: used.slice(0, MAX_ANSWER_PASSAGES) };
}
