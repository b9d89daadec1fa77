import type { Metrics } from '../lib/metrics.ts';
import type { Embedder } from './embedder.ts';

/** The embedder with each call timed for GET /metrics: urgent calls are questions, the rest documents' chunks. */
export function withEmbeddingMetrics(embedder: Embedder, metrics: Pick<Metrics, 'embeddingSeconds' | 'embeddedTexts'>): Embedder {
  return {
    get model() {
      return embedder.model;
    },
    get dimensions() {
      return embedder.dimensions;
    },
    get windowTokens() {
      return embedder.windowTokens;
    },
    countTokens: (text) => embedder.countTokens(text),
    close: () => embedder.close(),
    embed: async (texts, options) => {
      const purpose = options?.urgent ? 'questions' : 'documents';
      const stop = metrics.embeddingSeconds.startTimer({ purpose });
      try {
        return await embedder.embed(texts, options);
      } finally {
        stop();
        metrics.embeddedTexts.inc({ purpose }, texts.length);
      }
    },
  };
}
