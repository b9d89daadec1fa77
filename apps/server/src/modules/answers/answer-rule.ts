import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Passage, rankPassages } from '../knowledge/knowledge-search.ts';
import { type QuestionTerm, unknownShareOf } from '../knowledge/question-terms.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { withSectionOpening } from '../knowledge/section-opening.ts';
import { sectionOf, sentencesOfPassages } from './answer-sentences.ts';

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
/** The share of the question's weight a passage holds to stand in for a more relevant one with nothing to quote. */
const STAND_IN_COVERAGE = 0.5;

export type RetrievedPassage = Passage;

/** A line that only names something: a title alone in its passage ("Aurora Kettle FAQ"), a few words without a sentence's end. */
const NAME_ONLY = /^[^.!?:;]{1,60}$/;

/**
 * A passage holds something to quote: not only headings, questions (a table of contents, a FAQ's list of
 * questions) and a title alone.
 */
const saysSomething = (passage: Passage): boolean => {
  const said = sentencesOfPassages([passage]).filter((sentence) => sentence.shape !== 'heading' && sentence.shape !== 'question');
  return said.length > 1 || said.some((sentence) => !NAME_ONLY.test(sentence.text));
};

/**
 * The passages that answer a question well enough, best first (at most MAX_ANSWER_PASSAGES): the same
 * search as POST /api/bot/knowledge/search, then the answer rule; none when the question is one to decline.
 * A FAQ entry's passage comes with the entry's text before it (withSectionOpening).
 * A passage with nothing to quote is left out, and is no measure of how relevant the others must be: a
 * table of contents matches a question's words best and answers nothing.
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
  // Below a best passage with nothing to quote, another stands in only if it holds most of what was asked.
  const sayable = passages.filter((passage) => saysSomething(passage) && (passage.relevance >= best.relevance * RELATIVE_THRESHOLD || passage.features.coverage >= STAND_IN_COVERAGE));
  const most = sayable[0]?.relevance ?? 0;
  const used = sayable.filter((passage) => passage.relevance >= most * RELATIVE_THRESHOLD).slice(0, MAX_ANSWER_PASSAGES);
  // A FAQ entry's answer is quoted from its start, even when the chunk found starts inside it.
  return { terms, passages: await Promise.all(used.map((passage) => (sectionOf(passage) === 'entry' ? withSectionOpening(db, passage) : passage))) };
}
