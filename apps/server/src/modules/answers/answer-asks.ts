import type { QuestionTerm } from '../knowledge/question-terms.ts';
import type { CandidateSentence } from './answer-sentences.ts';

/**
 * A question that asks two things ("What range of values does workFactor accept, and what is its default?",
 * "Does libpng cap image size, and how do I raise it?"): the quote chosen for the question as a whole often
 * answers one ask only, the words of the thing asked about deciding. The other ask's own words then pick the
 * sentence of the same passage (the same option's description) that answers it, added in its place.
 */

/** Where a question starts a further ask: ", and what is its default?", "? And how do I …". */
const FURTHER_ASK = /,?\s+and\s+(?=(?:what|how|which|where|when|why|who|whether|is|are|does|do|can|could|should|will|would)\b)/i;

/** An ask is left unanswered when the quote lacks at least this share of its own words' weight (IDF). */
const UNANSWERED_SHARE = 0.5;

const idfOf = (terms: readonly QuestionTerm[]): number => terms.reduce((sum, term) => sum + term.idf, 0);

/** The question's asks in order; the whole question when it asks one thing. */
export const asksOf = (question: string): string[] => question.split(FURTHER_ASK).filter((ask) => ask.trim() !== '');

/** Whether an ask holds a question's word as typed (its own word, not part of another). */
function holdsWord(ask: string, word: string): boolean {
  const wanted = word.toLowerCase();
  if (/\s/.test(wanted)) return ask.toLowerCase().includes(wanted);
  return ask
    .toLowerCase()
    .split(/\s+/)
    .some((token) => token.replace(/^[^\p{L}\p{N}-]+|[^\p{L}\p{N}]+$/gu, '') === wanted);
}

/** The question's own terms that this ask holds and no other ask does ("default" of "…, and what is its default?"). */
function ownTermsOfAsk(asks: readonly string[], at: number, terms: readonly QuestionTerm[]): QuestionTerm[] {
  const ask = asks[at] ?? '';
  return terms.filter((term) => term.source === undefined && holdsWord(ask, term.word) && asks.every((other, position) => position === at || !holdsWord(other, term.word)));
}

/**
 * The quote with, for each ask of which it lacks most of the words (by their weight), the sentence of its passage
 * (within the option's description it quotes, or outside any when it quotes none) that holds most of those it lacks, when the answer stays within `mostCharacters`.
 * A sentence set apart from the quoted ones in their paragraph opens with "…": the text between is left out.
 */
export function withLaterAsks(sentences: readonly CandidateSentence[], quote: readonly CandidateSentence[], question: string, terms: readonly QuestionTerm[], mostCharacters: number): CandidateSentence[] {
  const asks = asksOf(question);
  const first = quote[0];
  if (asks.length < 2 || !first) return [...quote];
  let answer = [...quote];
  for (let at = 0; at < asks.length; at += 1) {
    const own = ownTermsOfAsk(asks, at, terms);
    const missing = own.filter((term) => !answer.some((sentence) => sentence.terms.includes(term.term)));
    if (own.length === 0 || idfOf(missing) < idfOf(own) * UNANSWERED_SHARE) continue;
    const holds = (sentence: CandidateSentence) => missing.filter((term) => sentence.terms.includes(term.term));
    const length = answer.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
    let best: CandidateSentence | undefined;
    let bestWeight = 0;
    for (const sentence of sentences) {
      if (sentence.passage !== first.passage || answer.includes(sentence) || sentence.shape !== 'sentence' || sentence.tableRow) continue;
      if (sentence.entry !== first.entry || length + sentence.text.length + 2 > mostCharacters) continue;
      const weight = idfOf(holds(sentence));
      if (weight > bestWeight) [best, bestWeight] = [sentence, weight];
    }
    if (best) answer = [...answer, best].sort((left, right) => left.index - right.index);
  }
  return answer.length === quote.length ? answer : withGapsMarked(answer, quote);
}

/** A sentence added away from the one before it in the same paragraph opens with "…". */
function withGapsMarked(answer: readonly CandidateSentence[], quote: readonly CandidateSentence[]): CandidateSentence[] {
  return answer.map((sentence, position) => {
    const previous = answer[position - 1];
    const apart = previous !== undefined && previous.paragraph === sentence.paragraph && previous.index + 1 !== sentence.index;
    return apart && (!quote.includes(sentence) || !quote.includes(previous)) ? { ...sentence, text: `… ${sentence.text}` } : sentence;
  });
}
