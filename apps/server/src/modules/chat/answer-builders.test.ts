import { describe, expect, it } from 'vitest';
import { excerptOf, MAX_EXCERPT_CHARACTERS } from './answer-builders.ts';

describe('excerptOf', () => {
  it('keeps a short passage whole, with its spacing tidied', () => {
    expect(excerptOf('Refunds take\n five   days.', 'refund')).toBe('Refunds take five days.');
  });

  it('cuts a long passage to the sentences nearest the question, marking the cuts', () => {
    const filler = Array.from({ length: 20 }, (_, index) => `Sentence number ${index} talks about nothing in particular at all.`);
    const text = [...filler.slice(0, 10), 'Refunds reach your card within five business days.', ...filler.slice(10)].join(' ');
    const excerpt = excerptOf(text, 'When do refunds reach my card?');
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARACTERS + 4);
    expect(excerpt).toContain('Refunds reach your card within five business days.');
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
  });

  it('cuts one very long sentence at a word', () => {
    const excerpt = excerptOf(`${'word '.repeat(300)}end`, 'word');
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARACTERS + 2);
    expect(excerpt.endsWith('word …')).toBe(true);
  });
});
