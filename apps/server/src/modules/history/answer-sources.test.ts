import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, excerptOf } from './answer-sources.repository.ts';

describe('excerptOf', () => {
  it('keeps a short passage whole, its whitespace flattened', () => {
    expect(excerptOf('  Descale the kettle\n\nonce a month. ')).toBe('Descale the kettle once a month.');
  });

  it('cuts a long passage at a word boundary within EXCERPT_CHARS, with an ellipsis', () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const excerpt = excerptOf(words);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(words.charAt(excerpt.length - 1)).toBe(' ');
  });
});
