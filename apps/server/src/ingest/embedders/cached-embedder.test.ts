import { describe, expect, it } from 'vitest';
import { withEmbeddingCache } from './cached-embedder.ts';
import { EmbeddingError, type Embedder, embeddingInputs } from './embedder.ts';

/** Counts what reaches the model; a text's vector is [its length, its first character code]. */
function countingEmbedder() {
  const seen: string[][] = [];
  const urgent: (boolean | undefined)[] = [];
  const embedder: Embedder = {
    model: 'counting',
    dimensions: 2,
    windowTokens: 64,
    countTokens: (text) => text.length,
    async embed(texts, options) {
      const inputs = embeddingInputs(texts);
      seen.push(inputs);
      urgent.push(options?.urgent);
      return inputs.map((input) => Float32Array.from([input.length, input.charCodeAt(0)]));
    },
    close: async () => undefined,
  };
  return { embedder, seen, urgent };
}

describe('withEmbeddingCache', () => {
  it('embeds each text once, answers in the order asked, and treats whitespace as the model does', async () => {
    const { embedder, seen } = countingEmbedder();
    const cached = withEmbeddingCache(embedder);
    const first = await cached.embed(['refund policy', 'shipping']);
    const second = await cached.embed(['shipping', 'refund   policy', 'returns']);
    expect(seen).toEqual([['refund policy', 'shipping'], ['returns']]);
    expect(second.map((vector) => Array.from(vector))).toEqual([[8, 115], [13, 114], [7, 114]]);
    expect(second[1]).toBe(first[0]);
  });

  it('asks the model once for a text repeated in one call, as urgent (someone waits for it)', async () => {
    const { embedder, seen, urgent } = countingEmbedder();
    await withEmbeddingCache(embedder).embed(['same', 'same', 'other']);
    expect(seen).toEqual([['same', 'other']]);
    expect(urgent).toEqual([true]);
  });

  it('forgets the least recently used text first', async () => {
    const { embedder, seen } = countingEmbedder();
    const cached = withEmbeddingCache(embedder, 2);
    await cached.embed(['a', 'b']);
    await cached.embed(['a']); // a is now the most recent
    await cached.embed(['c']); // b goes
    await cached.embed(['a', 'b']);
    expect(seen).toEqual([['a', 'b'], ['c'], ['b']]);
  });

  it('passes the model\'s refusal on and remembers nothing from the failed call', async () => {
    const { embedder, seen } = countingEmbedder();
    const cached = withEmbeddingCache(embedder);
    await expect(cached.embed(['fine', '   '])).rejects.toBeInstanceOf(EmbeddingError);
    await cached.embed(['fine']);
    expect(seen).toEqual([['fine']]);
  });
});
