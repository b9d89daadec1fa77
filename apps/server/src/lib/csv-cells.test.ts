import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCell } from './csv-cells.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\uFF1D1+2', `'\uFF1D1+2`],
    ['\uFF20SUM(A1)', `'\uFF20SUM(A1)`],
    ['\tplain', `'\tplain`],
    ['\t=1', `'\t'=1`],
    ['\r=1', `'\r'=1`],
    [' =1', ` '=1`],
    ['"=1"', `"'=1"`],
  ])('puts a single quote before %j', (text, expected) => {
    expect(neutraliseCell(text)).toBe(expected);
  });

  it.each([
    ['first line\n=1+2', "first line\n'=1+2"],
    ['first line\r\n+1', "first line\r\n'+1"],
    ['fine;=1+2', "fine;'=1+2"],
    ['fine, =1+2', "fine, '=1+2"],
    ['a,"@x"', `a,"'@x"`],
    ['tab\t-1+2', "tab\t'-1+2"],
    ['=1;=2', "'=1;'=2"],
  ])('neutralises a formula after a separator or a line break in %j', (text, expected) => {
    expect(neutraliseCell(text)).toBe(expected);
  });

  it.each([['Where is my order?'], [''], ['a=b'], ["'quoted"], ['1-2'], ['well - maybe'], ['2026-11-28'], ['say "=1"']])('leaves %j as it is', (text) => {
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
