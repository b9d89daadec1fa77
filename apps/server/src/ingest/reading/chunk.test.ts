import { describe, expect, it } from 'vitest';
import { type Chunk, chunkPages, chunkSections, normaliseWhitespace } from './chunk.ts';
import { approximateTokenCount } from './token-count.ts';

/** One token per word keeps the arithmetic of these tests easy to follow. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const chunk = (texts: string[], maxTokens: number, overlapTokens: number) =>
  chunkPages(
    texts.map((text, index) => ({ page: index + 1, text })),
    { countTokens: countWords, maxTokens, overlapTokens },
  );
/** "S1w1 S1w2 … S1wN." : sentence `s` of `words` words. */
const sentence = (s: number | string, words: number) => `${Array.from({ length: words }, (_, w) => `S${s}w${w + 1}`).join(' ')}.`;
const texts = (chunks: Chunk[]) => chunks.map((c) => c.text);

describe('chunkPages', () => {
  it('answers no chunk for no text', () => {
    expect(chunk([], 10, 2)).toEqual([]);
    expect(chunk(['', ' \n\t \r\n', '\f'], 10, 2)).toEqual([]);
  });

  it('normalises whitespace and keeps a short page as one chunk', () => {
    expect(chunk(['  Opening\thours:\u00a0 9 to 5.  \r\n  Closed on Sundays. \n\n\n\n Call us.  '], 50, 5)).toEqual([
      { index: 0, page: 1, pageEnd: 1, heading: null, text: 'Opening hours: 9 to 5.\nClosed on Sundays.\n\nCall us.', tokens: 10, startsSection: true },
    ]);
  });

  it('cuts between sentences, never inside one, and no chunk passes the limit', () => {
    const paragraph = [1, 2, 3, 4, 5, 6].map((s) => sentence(s, 4)).join(' ');
    const chunks = chunk([paragraph], 10, 0);
    expect(texts(chunks)).toEqual([
      `${sentence(1, 4)} ${sentence(2, 4)}`,
      `${sentence(3, 4)} ${sentence(4, 4)}`,
      `${sentence(5, 4)} ${sentence(6, 4)}`,
    ]);
    expect(chunks.map((c) => c.tokens)).toEqual([8, 8, 8]);
  });

  it('repeats the last whole sentences of a chunk at the start of the next, up to the overlap', () => {
    const paragraph = [1, 2, 3, 4, 5, 6].map((s) => sentence(s, 3)).join(' ');
    const chunks = chunk([paragraph], 12, 3);
    expect(texts(chunks)).toEqual([
      [1, 2, 3, 4].map((s) => sentence(s, 3)).join(' '),
      [4, 5, 6].map((s) => sentence(s, 3)).join(' '),
    ]);
  });

  it('never ends a chunk on a lead-in the next one repeats with what it leads to (Node.js’s BUILDING.md)', () => {
    const paragraphs = [sentence(1, 4), sentence(2, 4), 'Example of a backtrace:', '$ gdb node core\n(gdb) backtrace'];
    expect(texts(chunk([paragraphs.join('\n\n')], 12, 4))).toEqual([
      `${sentence(1, 4)}\n\n${sentence(2, 4)}`,
      'Example of a backtrace:\n\n$ gdb node core\n(gdb) backtrace',
    ]);
  });

  it('takes no overlap when the last sentence is longer than the overlap', () => {
    const chunks = chunk([`${sentence(1, 5)} ${sentence(2, 5)} ${sentence(3, 5)}`], 10, 3);
    expect(texts(chunks)).toEqual([`${sentence(1, 5)} ${sentence(2, 5)}`, sentence(3, 5)]);
  });

  it('starts a paragraph in a new chunk when it does not fit the rest of a half-full one', () => {
    const first = `${sentence(1, 4)} ${sentence(2, 3)}`;
    const second = `${sentence(3, 3)} ${sentence(4, 3)}`;
    expect(texts(chunk([`${first}\n\n${second}`], 10, 0))).toEqual([first, second]);
    // Less than half full: fill it with the next paragraph's sentences instead of leaving a stub.
    const twoLong = `${sentence(3, 4)} ${sentence(4, 4)}`;
    expect(texts(chunk([`${sentence(1, 4)}\n\n${twoLong}`], 10, 0))).toEqual([`${sentence(1, 4)}\n\n${sentence(3, 4)}`, sentence(4, 4)]);
  });

  it('keeps paragraphs that fit together in one chunk', () => {
    expect(texts(chunk(['One two.\n\nThree four.\n\nFive six.'], 10, 0))).toEqual(['One two.\n\nThree four.\n\nFive six.']);
  });

  it('cuts a sentence longer than a chunk between words, with overlapping windows', () => {
    const long = sentence('L', 25);
    const chunks = chunk([long], 10, 2);
    for (const c of chunks) {
      expect(c.tokens).toBeLessThanOrEqual(10);
      for (const word of c.text.split(' ')) expect(word).toMatch(/^SLw\d+\.?$/);
    }
    // Each chunk after the first starts with the last window (two words) of the one before.
    for (let i = 1; i < chunks.length; i += 1) {
      const previousWords = chunks[i - 1]?.text.split(' ') ?? [];
      expect(chunks[i]?.text.startsWith(previousWords.slice(-2).join(' '))).toBe(true);
    }
    const words = new Set(chunks.flatMap((c) => c.text.split(' ')));
    expect(words.size).toBe(25);
  });

  it('cuts a word longer than a chunk between characters, and only then', () => {
    const countChars = (text: string) => text.replace(/\s/g, '').length;
    const chunks = chunkPages([{ page: 1, text: `Short. ${'X'.repeat(25)} end.` }], { countTokens: countChars, maxTokens: 10, overlapTokens: 0 });
    expect(chunks.map((c) => c.text)).toEqual(['Short.', 'XXXXXXXXXX', 'XXXXXXXXXX', 'XXXXX end.']);
  });

  it('never lets a chunk span two pages, keeps each page number and counts the index over the document', () => {
    const chunks = chunk(['Page one text.', '', `${sentence(1, 6)} ${sentence(2, 6)}`], 10, 0);
    expect(chunks.map(({ index, page, text }) => ({ index, page, text }))).toEqual([
      { index: 0, page: 1, text: 'Page one text.' },
      { index: 1, page: 3, text: sentence(1, 6) },
      { index: 2, page: 3, text: sentence(2, 6) },
    ]);
  });

  it('keeps abbreviations, decimals and lowercase continuations inside a sentence', () => {
    const text = 'Use e.g. the blue form. It costs 3.5 dollars! Really? "Yes." Then go.';
    expect(texts(chunk([text], 5, 0))).toEqual(['Use e.g. the blue form.', 'It costs 3.5 dollars! Really?', '"Yes." Then go.']);
  });

  it('cuts Chinese and Japanese text after its full stops', () => {
    const countChars = (text: string) => text.replace(/\s/g, '').length;
    const chunks = chunkPages([{ page: 1, text: '今日は晴れです。明日は雨です。' }], { countTokens: countChars, maxTokens: 10, overlapTokens: 0 });
    expect(chunks.map((c) => c.text)).toEqual(['今日は晴れです。', '明日は雨です。']);
  });

  it('gives the same chunks for the same input, all within the limit and none empty', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const paragraphs = Array.from({ length: 40 }, (_, p) =>
      Array.from({ length: 1 + Math.floor(random() * 8) }, (_, s) => sentence(`${p}x${s}`, 1 + Math.floor(random() * 30))).join(' '),
    );
    const pages = [paragraphs.slice(0, 20).join('\n\n'), paragraphs.slice(20).join('\n\n')];
    const first = chunk(pages, 40, 6);
    expect(chunk(pages, 40, 6)).toEqual(first);
    for (const c of first) {
      expect(c.text.trim()).not.toBe('');
      expect(c.text).toBe(c.text.trim());
      expect(c.tokens).toBeLessThanOrEqual(40);
      expect(c.tokens).toBe(countWords(c.text));
    }
    // Every word of the document is in some chunk.
    const chunked = new Set(first.flatMap((c) => c.text.split(/\s+/)));
    for (const word of pages.join(' ').split(/\s+/)) expect(chunked.has(word)).toBe(true);
  });

  it('refuses sizes that cannot work', () => {
    expect(() => chunk(['x'], 0, 0)).toThrow(RangeError);
    expect(() => chunk(['x'], 10, 10)).toThrow(RangeError);
  });

  it('uses 400 tokens with 60 of overlap by default', () => {
    const text = Array.from({ length: 100 }, (_, s) => sentence(s, 10)).join(' ');
    const chunks = chunkPages([{ page: 1, text }], { countTokens: countWords });
    // 40 sentences, then the last 6 (60 tokens) again and 34 new ones, then the last 6 and the rest.
    expect(chunks.map((c) => c.tokens)).toEqual([400, 400, 320]);
    expect(chunks[0]?.text.endsWith(sentence(39, 10))).toBe(true);
    expect(chunks[1]?.text.startsWith(`${sentence(34, 10)} ${sentence(35, 10)}`)).toBe(true);
    expect(chunks[2]?.text.startsWith(sentence(68, 10))).toBe(true);
  });
});

describe('normaliseWhitespace', () => {
  it('drops soft hyphens and control characters and keeps one blank line between paragraphs', () => {
    expect(normaliseWhitespace('in\u00adformation\u0000 \u2028next\n \n \nlast ')).toBe('information\nnext\n\nlast');
  });
});

describe('approximateTokenCount', () => {
  it('counts a word per 4 characters, punctuation and CJK characters one each', () => {
    expect(approximateTokenCount('')).toBe(0);
    expect(approximateTokenCount('The cat sat.')).toBe(4);
    expect(approximateTokenCount('internationalisation')).toBe(5);
    expect(approximateTokenCount('今日は')).toBe(3);
  });
});

describe('chunkSections', () => {
  const sections = (list: { headings: string[]; paragraphs: [string, number][] }[]) =>
    list.map((section) => ({ headings: section.headings, paragraphs: section.paragraphs.map(([text, page]) => ({ text, page })) }));

  it('never puts two sections in one chunk, and gives each chunk its heading path', () => {
    const chunks = chunkSections(
      sections([
        { headings: ['2. How to use bzip2', '2.1. NAME'], paragraphs: [[sentence(1, 3), 1]] },
        { headings: ['2. How to use bzip2', '2.2. SYNOPSIS'], paragraphs: [[sentence(2, 3), 1]] },
        { headings: [], paragraphs: [[sentence(3, 3), 2]] },
      ]),
      { countTokens: countWords, maxTokens: 50, overlapTokens: 5 },
    );
    expect(chunks.map((c) => [c.heading, c.text])).toEqual([
      ['2. How to use bzip2 › 2.1. NAME', sentence(1, 3)],
      ['2. How to use bzip2 › 2.2. SYNOPSIS', sentence(2, 3)],
      [null, sentence(3, 3)],
    ]);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('runs across a page break within a section, keeping the page it starts on and the page it ends on', () => {
    const chunks = chunkSections(
      sections([{ headings: ['Options'], paragraphs: [[sentence(1, 4), 3], [sentence(2, 4), 4], [sentence(3, 4), 5]] }]),
      { countTokens: countWords, maxTokens: 9, overlapTokens: 0 },
    );
    expect(chunks.map((c) => [c.page, c.pageEnd, c.text])).toEqual([
      [3, 4, `${sentence(1, 4)}\n\n${sentence(2, 4)}`],
      [5, 5, sentence(3, 4)],
    ]);
  });

  it('says which chunk starts its section, also when two sections carry the same headings', () => {
    const chunks = chunkSections(
      sections([
        { headings: ['I get:'], paragraphs: [[sentence(1, 4), 1], [sentence(2, 4), 1]] },
        { headings: ['I get:'], paragraphs: [[sentence(3, 4), 1]] },
      ]),
      { countTokens: countWords, maxTokens: 6, overlapTokens: 0 },
    );
    expect(chunks.map((c) => [c.heading, c.text, c.startsSection])).toEqual([
      ['I get:', sentence(1, 4), true],
      ['I get:', sentence(2, 4), false],
      ['I get:', sentence(3, 4), true],
    ]);
  });
});
