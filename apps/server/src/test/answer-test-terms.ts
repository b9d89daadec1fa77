import type { RetrievedPassage } from '../modules/answers/answer-rule.ts';
import type { CandidateSentence } from '../modules/answers/answer-sentences.ts';
import { sentencesOfPassages } from '../modules/answers/answer-sentences.ts';
import type { QuestionTerm } from '../modules/knowledge/question-terms.ts';

/** A question's term as the knowledge search would give it: a stem, its idf, and the rest at plain defaults. */
export const term = (stem: string, idf = 2, extra: Partial<QuestionTerm> = {}): QuestionTerm => ({
  term: stem,
  idf,
  chunks: 1,
  unknown: false,
  word: stem,
  weight: 1,
  informativeness: 3,
  name: false,
  ...extra,
});

/** Crude stems of a text: lower-case words without a final s, as the database would give them. */
export const crudeStems = (text: string, word = /[a-z0-9-]+/g): string[] => (text.toLowerCase().match(word) ?? []).map((stem) => stem.replace(/s$/, ''));

/** Sentences of the passages with crude stems. */
export function sentences(passages: readonly string[], word?: RegExp): CandidateSentence[] {
  return sentencesOfPassages(passages.map((text) => ({ text }))).map((sentence) => ({ ...sentence, terms: crudeStems(sentence.text, word) }));
}

/** A passage as the search hands it over, for the answer's HTML. */
export const retrieved = (passage: Pick<RetrievedPassage, 'text' | 'heading' | 'wholeSection' | 'documentTitle'>): RetrievedPassage => ({
  chunkId: 1,
  sourceUrl: null,
  page: null,
  pageEnd: null,
  documentId: 1,
  informTheBotId: null,
  relevance: 0.5,
  matchedWords: [],
  features: {} as RetrievedPassage['features'],
  ...passage,
});
