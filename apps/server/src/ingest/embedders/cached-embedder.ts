import { type Embedder, embeddingInput, wrapEmbedder } from './embedder.ts';

/** About 10 MB of 512-dimension vectors: every question and search result of a busy hour. */
export const QUERY_EMBEDDING_CACHE_ENTRIES = 5000;

/**
 * An embedder that remembers the vectors of the texts it saw last (least recently used goes first), and
 * asks for the ones it has not seen as urgent.
 * For the query side only: search rerank embeds the same results at every keystroke, and customers ask
 * the same questions; ingestion's chunks are seen once and would only push those out.
 */
export function withEmbeddingCache(embedder: Embedder, maxEntries = QUERY_EMBEDDING_CACHE_ENTRIES): Embedder {
  const cache = new Map<string, Float32Array>();
  const remember = (input: string, vector: Float32Array) => {
    cache.delete(input);
    cache.set(input, vector);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };
  return wrapEmbedder(embedder, {
    async embed(texts) {
      const inputs = texts.map(embeddingInput);
      const missing = [...new Set(inputs.filter((input) => !cache.has(input)))];
      // Someone waits for every text asked here: the wrapped embedder serves them before documents' chunks.
      const fresh = missing.length > 0 ? await embedder.embed(missing, { urgent: true }) : [];
      const vectors = new Map(missing.map((input, index) => [input, fresh[index]]));
      return inputs.map((input) => {
        const vector = vectors.get(input) ?? cache.get(input);
        if (!vector) throw new Error(`The embedder gave no vector for text "${input.slice(0, 40)}".`);
        remember(input, vector);
        return vector;
      });
    },
    // The wrapped embedder is closed by whoever made it.
    close: async () => cache.clear(),
  });
}
