import { bm25Feature, type PassageFeatures, passageFeatures, scoreOf, WITH_VECTORS } from './passage-features.ts';
import { definitionHeadingTerms } from './named-options.ts';
import type { QuestionTerm } from './question-terms.ts';

/**
 * The knowledge search's first stage, past fetching: each candidate's score from what the candidates' rows gave
 * (BM25, the terms held, the document's title; positions come later, with the details, so proximity is read as
 * coverage), and the choice of the best ones to rerank, reading their similarity to the question only where it
 * can change that choice.
 */

/** BM25's usual constants (Lucene's and Elasticsearch's defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** BM25 of one chunk over the question's known terms (each term's IDF counted for its weight), and the terms it holds. */
export function bm25Of(known: readonly QuestionTerm[], termFrequencies: readonly number[], length: number, averageLength: number) {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / Math.max(averageLength, Number.MIN_VALUE));
  let bm25 = 0;
  const matched: string[] = [];
  known.forEach((term, index) => {
    const tf = termFrequencies[index] ?? 0;
    if (tf <= 0) return;
    bm25 += (term.idf * term.weight * tf * (BM25_K1 + 1)) / (tf + norm);
    matched.push(term.term);
  });
  return { bm25, matched };
}

/** A candidate as the first stage scores it. */
export interface FirstStageChunk {
  id: number;
  bm25: number;
  matched: readonly string[];
  titleTerms: readonly string[];
  /** The question's terms of an option the chunk defines (named-options.ts): they count as its heading's. */
  definedTerms?: readonly string[];
}

/**
 * A candidate's first-stage score before its similarity is known: as full text alone (a store without vectors,
 * or a chunk without windows yet), and with vectors at similarity 0. With vectors, its score at similarity `s`
 * is `atZeroSimilarity + WITH_VECTORS.similarity × s` (scoreAt), the same number scoreOf gives.
 */
export interface FirstStageScore {
  fullText: number;
  atZeroSimilarity: number;
}

/**
 * A question's first-stage scorer. Candidates holding the same terms in documents of the same title share every
 * feature but BM25, which is the only one computed for each: hundreds of candidates come from a few documents.
 */
export function firstStageScorer(terms: readonly QuestionTerm[]): (chunk: FirstStageChunk) => FirstStageScore {
  const shared = new Map<string, PassageFeatures>();
  return (chunk) => {
    const defined = definitionHeadingTerms(terms, chunk.definedTerms, chunk.titleTerms);
    const key = `${chunk.matched.join(' ')}\n${chunk.titleTerms.join(' ')}\n${defined.join(' ')}`;
    let features = shared.get(key);
    if (!features) {
      const matched = new Set(chunk.matched);
      const hits = terms.filter((term) => matched.has(term.term) || defined.includes(term.term)).map((term) => ({ term: term.term, positions: [], inHeading: defined.includes(term.term) }));
      features = passageFeatures(terms, { bm25: 0, similarity: null, hits, titleTerms: chunk.titleTerms });
      shared.set(key, features);
    }
    const first = { ...features, bm25: bm25Feature(terms, chunk.bm25), proximity: features.coverage };
    return { fullText: scoreOf(first), atZeroSimilarity: scoreOf({ ...first, similarity: 0 }) };
  };
}

/** The score at a similarity; null is a chunk without windows, scored as full text alone. */
export const scoreAt = (score: FirstStageScore, similarity: number | null): number =>
  similarity === null ? score.fullText : score.atZeroSimilarity + WITH_VECTORS.similarity * similarity;

export interface Chosen<T> {
  chunk: T;
  score: number;
  similarity: number | null;
}

/** Best first, ties by id: the order the search ranks in. */
const bestFirst = <T extends { id: number }>(a: Chosen<T>, b: Chosen<T>) => b.score - a.score || a.chunk.id - b.chunk.id;

/**
 * The `keep` likeliest to be chosen while the similarities are not known yet: those bestByText chooses, or, with
 * vectors to come, the best at similarity 0.
 */
export const likeliest = <T extends { id: number }>(candidates: readonly { chunk: T; score: FirstStageScore }[], keep: number, vectorsToCome: boolean): T[] =>
  candidates
    .map(({ chunk, score }) => ({ chunk, score: vectorsToCome ? score.atZeroSimilarity : score.fullText, similarity: null }))
    .sort(bestFirst)
    .slice(0, keep)
    .map(({ chunk }) => chunk);

/** The `keep` best of a store without vectors. */
export const bestByText = <T extends { id: number }>(candidates: readonly { chunk: T; score: FirstStageScore }[], keep: number): Chosen<T>[] =>
  candidates
    .map(({ chunk, score }) => ({ chunk, score: score.fullText, similarity: null }))
    .sort(bestFirst)
    .slice(0, keep);

/**
 * The `keep` best with vectors, each with its similarity. `first` holds the similarities read already (the
 * vector side's chunks and the likeliest others; a chunk read without one has no windows); `read` reads more,
 * only for the candidates that could still make the best `keep`. A chunk the vector side did not find is no
 * nearer the question than the least similar one it found, the `horizon` (null when it found none: no chunk has
 * windows). The same choice as reading every candidate's similarity, which took a fifth of the search's time at
 * 550 candidates.
 */
export async function bestWithVectors<T extends { id: number }>(
  candidates: readonly { chunk: T; score: FirstStageScore }[],
  first: { ids: ReadonlySet<number>; similarities: ReadonlyMap<number, number> },
  horizon: number | null,
  keep: number,
  read: (ids: readonly number[]) => Promise<ReadonlyMap<number, number>>,
): Promise<Chosen<T>[]> {
  const chosen = (entries: readonly { chunk: T; score: FirstStageScore }[], similarities: ReadonlyMap<number, number>) =>
    entries.map(({ chunk, score }) => {
      const similarity = similarities.get(chunk.id) ?? null;
      return { chunk, score: scoreAt(score, similarity), similarity };
    });
  const known = chosen(candidates.filter(({ chunk }) => first.ids.has(chunk.id)), first.similarities);
  const floor = [...known].sort(bestFirst)[keep - 1]?.score ?? Number.NEGATIVE_INFINITY;
  const ceilingOf = (score: FirstStageScore) => (horizon === null ? score.fullText : Math.max(score.fullText, scoreAt(score, horizon)));
  const open = candidates.filter(({ chunk, score }) => !first.ids.has(chunk.id) && ceilingOf(score) >= floor);
  if (open.length > 0) known.push(...chosen(open, await read(open.map(({ chunk }) => chunk.id))));
  return known.sort(bestFirst).slice(0, keep);
}
