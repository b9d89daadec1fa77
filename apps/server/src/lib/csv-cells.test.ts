import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCell } from './csv-cells.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
  ])('prefixes %j with a single quote', (text, expected) => {
    expect(neutraliseCell(text)).toBe(expected);
  });

  it.each([['Where is my order?'], [''], ['a=b'], ["'quoted"], ['1-2']])('leaves %j as it is', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });
});

describe('csvCell', () => {
  it('writes numbers, booleans and nothing as themselves, objects as neutralised JSON', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(['=x'])).toBe('["=x"]');
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    expect(csvCell('=1+1')).toBe("'=1+1");
  });
});
