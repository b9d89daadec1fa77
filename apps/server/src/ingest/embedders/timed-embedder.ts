import type { Metrics } from '../../lib/metrics.ts';
import { type Embedder, wrapEmbedder } from './embedder.ts';

/** The embedder with each call timed for GET /metrics: urgent calls are questions, the rest documents' chunks. */
export function withEmbeddingMetrics(embedder: Embedder, metrics: Pick<Metrics, 'embeddingSeconds' | 'embeddedTexts'>): Embedder {
  return wrapEmbedder(embedder, {
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
  });
}
