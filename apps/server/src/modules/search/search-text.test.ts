import { describe, expect, it } from 'vitest';
import { allWords, parseSearchText, toTsQuery } from './search-text.ts';

const query = (text: string) => toTsQuery(parseSearchText(text));

describe('parseSearchText and toTsQuery', () => {
  it('joins words in any order with AND, the last one a prefix while it is being typed', () => {
    expect(query('refund parcel')).toBe('refund & parcel:*');
    expect(query('refund parcel ')).toBe('refund & parcel');
    expect(query('Refund')).toBe('refund:*');
  });

  it('keeps a quoted phrase together, in order', () => {
    expect(query('"free shipping" europe')).toBe('(free <-> shipping) & europe:*');
    expect(query('europe "free shipping"')).toBe('europe & (free <-> shipping)');
    expect(parseSearchText('"free shipping"')).toEqual({ words: [], prefix: undefined, phrases: [['free', 'shipping']] });
  });

  it('reads an unclosed quote, and a quoted single word, as plain words', () => {
    expect(query('"free ship')).toBe('free & ship:*');
    expect(query('"refund" now')).toBe('refund & now:*');
  });

  it('lets no operator through: only letters and digits, with . @ _ - inside words', () => {
    expect(query("a & b | !c <-> d:* ')(")).toBe('a & b & c & d');
    expect(query('anna@example.com')).toBe('anna@example.com:*');
    expect(query('&|!():*<>')).toBeUndefined();
    expect(query('   ')).toBeUndefined();
  });

  it('keeps accents and other scripts for the database to fold', () => {
    expect(query('Café Zürich')).toBe('café & zürich:*');
    expect(query('配送')).toBe('配送:*');
  });

  it('lists every word for fragments of names and emails', () => {
    expect(allWords(parseSearchText('"ann lee" smi'))).toEqual(['ann', 'lee', 'smi']);
  });
});
