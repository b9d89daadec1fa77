import type { FastifyBaseLogger } from 'fastify';
import type { Embedder, EmbedOptions } from './embedder.ts';

/** The cosine of two vectors: 1 the same direction, 0 unrelated; 0 for a zero vector. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * The cosine of a query's vector and each text's, in order (0 for an empty text). When the embedder fails, every
 * cosine is 0 and the log says so (`failure`): the callers rank by their other signals rather than not at all.
 */
export async function cosineSimilarities(
  deps: { embedder: Embedder; log: Pick<FastifyBaseLogger, 'warn'> },
  query: string,
  texts: readonly string[],
  options: EmbedOptions & { failure: string },
): Promise<number[]> {
  const embeddable = texts.map((text, index) => ({ index, text: text.trim() })).filter((entry) => entry.text !== '');
  const cosines = texts.map(() => 0);
  try {
    const [queryVector, ...vectors] = await deps.embedder.embed([query, ...embeddable.map((entry) => entry.text)], { urgent: options.urgent });
    if (!queryVector) return cosines;
    embeddable.forEach((entry, position) => {
      const vector = vectors[position];
      if (vector) cosines[entry.index] = cosine(queryVector, vector);
    });
    return cosines;
  } catch (error) {
    deps.log.warn({ err: error }, options.failure);
    return cosines;
  }
}
