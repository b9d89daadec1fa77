import { describe, expect, it } from 'vitest';
import { bm25Baseline, passagesOf } from './bm25-baseline.ts';

describe('the BM25 baseline', () => {
  it('cuts a text into overlapping passages of whole words', () => {
    const text = Array.from({ length: 25 }, (_, index) => `w${index}`).join(' ');
    const passages = passagesOf(text, 10, 2);
    expect(passages[0]).toBe('w0 w1 w2 w3 w4 w5 w6 w7 w8 w9');
    expect(passages[1]?.startsWith('w8 w9 w10')).toBe(true);
    expect(passages.at(-1)?.endsWith('w24')).toBe(true);
    expect(passagesOf('one two', 10, 2)).toEqual(['one two']);
  });

  it('ranks the passage holding the rarer words of the question first', () => {
    const baseline = bm25Baseline([
      'The file is compressed with the default settings and the file is written.',
      'To resume an interrupted download, use the continue option.',
      'Downloads of a file go to the current directory.',
    ]);
    expect(baseline.search('How do I resume an interrupted download?', 3)[0]).toContain('resume an interrupted download');
  });
});
