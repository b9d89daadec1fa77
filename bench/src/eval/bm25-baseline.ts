import bm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';

/**
 * The yardstick the knowledge search must beat: a textbook Okapi BM25 (k1 1.2, b 0.75; wink-bm25-text-search)
 * over the same documents' text as the server's parser reads it, cut into passages of PASSAGE_WORDS words
 * that overlap by OVERLAP_WORDS (about the size of the server's chunks), with lower case, stop words removed and
 * Porter2 stems (wink-nlp-utils). Nothing is cleaned: no headers, tables of contents or headings are known to it.
 */
export const PASSAGE_WORDS = 300;
export const OVERLAP_WORDS = 60;

/** A document's text cut into overlapping passages of words (whitespace as in the text, cut between words). */
export function passagesOf(text: string, words = PASSAGE_WORDS, overlap = OVERLAP_WORDS): string[] {
  const tokens = text.split(/(\s+)/);
  const wordStarts: number[] = [];
  tokens.forEach((token, index) => {
    if (token.trim() !== '') wordStarts.push(index);
  });
  const passages: string[] = [];
  for (let first = 0; first < wordStarts.length; first += words - overlap) {
    const last = Math.min(wordStarts.length, first + words) - 1;
    passages.push(tokens.slice(wordStarts[first], (wordStarts[last] ?? 0) + 1).join(''));
    if (last === wordStarts.length - 1) break;
  }
  return passages;
}

const prepare = [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem];

/** A BM25 index over passages; `search` answers the passages' texts, best first. */
export function bm25Baseline(passages: readonly string[]): { search(question: string, limit: number): string[] } {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { body: 1 }, bm25Params: { k1: 1.2, b: 0.75 } });
  engine.definePrepTasks(prepare);
  passages.forEach((body, id) => engine.addDoc({ body }, id));
  engine.consolidate();
  return { search: (question, limit) => engine.search(question, limit).map(([id]) => passages[id] ?? '') };
}
