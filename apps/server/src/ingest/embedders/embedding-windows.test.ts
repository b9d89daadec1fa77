import { describe, expect, it } from 'vitest';
import { type Embedder, embeddingInputs } from './embedder.ts';
import { chunkWindows, embedChunkWindows, embeddingWindows, WINDOW_OVERLAP_TOKENS } from './embedding-windows.ts';

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

describe('chunkWindows', () => {
  const embedder = { windowTokens: 30, countTokens: countWords };
  it('cuts a chunk\'s heading path and text into windows, and adds its heading\'s question alone when it is a FAQ\'s entry', () => {
    const text = 'Yes. Hold the Warm button and turn the dial.';
    expect(chunkWindows({ heading: 'Kettle FAQ › Can I set a lower temperature?', text }, embedder)).toEqual([
      `Kettle FAQ › Can I set a lower temperature?\n${text}`,
      'Can I set a lower temperature?',
    ]);
    // Without its numbering; a question in quotes or brackets still ends as one.
    expect(chunkWindows({ heading: '4. EXAMPLES › 4.13. How do I handle fixed-length, columnar data?', text }, embedder).at(-1)).toBe('How do I handle fixed-length, columnar data?');
    expect(chunkWindows({ heading: '11. Can zlib handle ".zip archives?"', text }, embedder).at(-1)).toBe('Can zlib handle ".zip archives?"');
    // A heading that asks nothing, a question higher up the path, no heading: the windows alone.
    expect(chunkWindows({ heading: 'Care › Descaling', text }, embedder)).toEqual([`Care › Descaling\n${text}`]);
    expect(chunkWindows({ heading: 'Why descale? › Steps', text }, embedder)).toHaveLength(1);
    expect(chunkWindows({ heading: null, text }, embedder)).toEqual([text]);
    expect(chunkWindows({ heading: 'FAQ › 2.1. ?', text }, embedder)).toHaveLength(1);
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
    const chunks = [{ heading: null, text: 'One short text.' }, { heading: null, text: long }, { heading: null, text: 'Another short one.' }];
    const vectors = await embedChunkWindows(embedder, chunks);
    expect(calls).toHaveLength(1);
    const windowsOfLong = embeddingWindows(long, embedder);
    expect(windowsOfLong.length).toBeGreaterThan(1);
    expect(vectors.map((windows) => windows.length)).toEqual([1, windowsOfLong.length, 1]);
    // Each vector holds its window's place in the one call: the texts' windows come back in the order sent.
    expect(vectors.flat().map((vector) => vector[1])).toEqual(Array.from({ length: windowsOfLong.length + 2 }, (_, i) => i));
  });
});
