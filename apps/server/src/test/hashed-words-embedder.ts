import type { Embedder } from '../ingest/embedders/embedder.ts';

/** A model other than the built-in one: words hashed into 16 numbers. Enough to tell its vectors from USE-lite's 512. */
export const hashedWordsEmbedder: Embedder = {
  model: 'test-hashed-words',
  dimensions: 16,
  windowTokens: undefined,
  embed: async (texts) =>
    texts.map((text) => {
      const vector = new Float32Array(16);
      for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
        let hash = 0;
        for (const character of word) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
        vector[hash % 16] = (vector[hash % 16] ?? 0) + 1;
      }
      const length = Math.hypot(...vector) || 1;
      return vector.map((value) => value / length);
    }),
  countTokens: (text) => text.split(/\s+/).filter(Boolean).length,
  close: async () => undefined,
};
