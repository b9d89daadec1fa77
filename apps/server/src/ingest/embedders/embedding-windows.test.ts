import { describe, expect, it } from 'vitest';
import { type Embedder, embeddingInputs } from './embedder.ts';
import { embedChunkWindows, embeddingWindows, WINDOW_OVERLAP_TOKENS } from './embedding-windows.ts';

/** A token a word. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentence = (n: number) => `Sentence ${n} says ${'more '.repeat(n % 5)}words here.`;

describe('embeddingWindows', () => {
  it('keeps a text the model reads whole as it is, and every text of a model without a window', () => {
    expect(embeddingWindows('Short enough to read whole.', { windowTokens: 10, countTokens: countWords })).toEqual(['Short enough to read whole.']);
    const long = Array.from({ length: 40 }, (_, n) => sentence(n)).join(' ');
    expect(embeddingWindows(long, { windowTokens: undefined, countTokens: countWords })).toEqual([long]);
  });

  it('cuts a longer text between sentences into windows the model reads whole, in order, leaving no sentence out', () => {
    const sentences = Array.from({ length: 40 }, (_, n) => sentence(n));
    const windows = embeddingWindows(sentences.join(' '), { windowTokens: 30, countTokens: countWords });
    expect(windows.length).toBeGreaterThan(1);
    for (const window of windows) expect(countWords(window)).toBeLessThanOrEqual(30);
    // Every sentence is whole in some window, and the windows go through the text in order.
    for (const whole of sentences) expect(windows.some((window) => window.includes(whole))).toBe(true);
    const firstSentenceOf = windows.map((window) => sentences.findIndex((whole) => window.includes(whole)));
    expect([...firstSentenceOf].sort((a, b) => a - b)).toEqual(firstSentenceOf);
    // A window repeats at most the overlap's tokens of the one before.
    for (const [index, window] of windows.entries()) {
      if (index === 0) continue;
      const repeated = sentences.filter((whole) => window.includes(whole) && (windows[index - 1] ?? '').includes(whole));
      expect(countWords(repeated.join(' '))).toBeLessThanOrEqual(WINDOW_OVERLAP_TOKENS);
    }
  });
});

describe('embedChunkWindows', () => {
  it('embeds every window of every text in one call and answers each text its own windows\' vectors, in order', async () => {
    const calls: string[][] = [];
    const embedder: Pick<Embedder, 'windowTokens' | 'countTokens' | 'embed'> = {
      windowTokens: 12,
      countTokens: countWords,
      embed: async (texts) => {
        calls.push(embeddingInputs(texts));
        return texts.map((text) => Float32Array.from([countWords(text), calls.flat().indexOf(embeddingInputs([text])[0] ?? '')]));
      },
    };
    const long = Array.from({ length: 6 }, (_, n) => sentence(n)).join(' ');
    const texts = ['One short text.', long, 'Another short one.'];
    const vectors = await embedChunkWindows(embedder, texts);
    expect(calls).toHaveLength(1);
    const windowsOfLong = embeddingWindows(long, embedder);
    expect(windowsOfLong.length).toBeGreaterThan(1);
    expect(vectors.map((windows) => windows.length)).toEqual([1, windowsOfLong.length, 1]);
    // Each vector holds its window's place in the one call: the texts' windows come back in the order sent.
    expect(vectors.flat().map((vector) => vector[1])).toEqual(Array.from({ length: windowsOfLong.length + 2 }, (_, i) => i));
  });
});
