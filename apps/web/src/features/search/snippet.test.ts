import { describe, expect, it } from 'vitest';
import { matchRanges, plainText, searchTerms, snippet } from './snippet.ts';

const joined = (parts: ReturnType<typeof snippet>) => parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');

describe('plainText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<p>Refunds take <b>five</b>&nbsp;days &amp; more</p>\n<br/>')).toBe('Refunds take five days & more');
    expect(plainText('<script>alert("x")</script> hello &lt;b&gt;')).toBe('alert("x") hello <b>');
    expect(plainText('&#65;&#x42; &bogus; &#99999999;')).toBe('AB &bogus; &#99999999;');
  });
});

describe('searchTerms', () => {
  it('folds words and keeps quoted phrases whole, longest first', () => {
    expect(searchTerms('Café "free shipping" to')).toEqual(['free shipping', 'cafe', 'to']);
    expect(searchTerms('"unclosed quote')).toEqual(['unclosed', 'quote']);
  });
});

describe('matchRanges', () => {
  it('finds terms at word starts, accents and case aside, in the original text', () => {
    const text = 'Le Café Zürich; cafés, and a decaf';
    expect(matchRanges(text, ['cafe']).map((range) => text.slice(range.start, range.end))).toEqual(['Café', 'café']);
    expect(matchRanges('Refunds refund', ['refund']).map((range) => [range.start, range.end])).toEqual([[0, 6], [8, 14]]);
  });
});

describe('snippet', () => {
  it('marks every match of the words typed', () => {
    expect(joined(snippet('<p>How do I get a <b>refund</b> for my parcel?</p>', 'parcel refund'))).toBe('How do I get a [refund] for my [parcel]?');
  });

  it('cuts a long text to a 300-character window around the first match, with ellipses', () => {
    const text = `${'a'.repeat(400)} needle ${'b'.repeat(400)}`;
    const parts = snippet(text, 'needle');
    const shown = joined(parts);
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).toContain('[needle]');
    const windowLength = parts.filter((part) => part.text !== '…').reduce((sum, part) => sum + part.text.length, 0);
    expect(windowLength).toBe(150 + 'needle'.length + 150);
  });

  it('shows the start when nothing matches, and spends the window on one side near an end', () => {
    expect(joined(snippet('x'.repeat(500), 'nothing'))).toBe(`${'x'.repeat(300)}…`);
    const early = joined(snippet(`needle ${'c'.repeat(500)}`, 'needle'));
    expect(early.startsWith('[needle]')).toBe(true);
    expect(early.length).toBe(300 + 2 + 1);
  });

  it('never returns markup: a stored script is plain text', () => {
    const parts = snippet('<script>alert(1)</script><img src=x onerror=alert(2)>alert', 'alert');
    expect(parts.some((part) => part.text.includes('<'))).toBe(false);
    expect(joined(parts)).toBe('[alert](1) [alert]');
  });
});
