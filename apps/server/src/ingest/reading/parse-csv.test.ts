import { describe, expect, it } from 'vitest';
import { IngestError } from '../ingest-error.ts';
import { guessDelimiter, parseCsvFile } from './parse-csv.ts';

const csv = (text: string) => parseCsvFile(Buffer.from(text, 'utf8'));

describe('parseCsvFile', () => {
  it('writes each row as "column: value" lines under the header, rows apart', () => {
    expect(csv('Product,Price,Notes\nTea,2.50,"Green, loose"\nCoffee,3.00,\n')).toEqual([
      { page: 1, text: 'Product: Tea\nPrice: 2.50\nNotes: Green, loose\n\nProduct: Coffee\nPrice: 3.00' },
    ]);
  });

  it('keeps quoted line breaks and escaped quotes inside a value', () => {
    expect(csv('q,a\n"How?","Say ""hi""\nthen wait"\n')[0]?.text).toBe('q: How?\na: Say "hi"\nthen wait');
  });

  it('names unnamed and extra columns, and takes short rows', () => {
    expect(csv('name,\nAnn,x,extra\nBob\n')[0]?.text).toBe('name: Ann\nColumn 2: x\nColumn 3: extra\n\nname: Bob');
  });

  it('reads semicolon and tab separated files, and Latin-1 with a byte order mark', () => {
    expect(csv('a;b\n1,5;2\n')[0]?.text).toBe('a: 1,5\nb: 2');
    expect(csv('a\tb\n1\t2\n')[0]?.text).toBe('a: 1\nb: 2');
    expect(parseCsvFile(Buffer.from([...Buffer.from('city,dish\nParis,cr'), 0xea, 0x70, 0x65]))[0]?.text).toBe('city: Paris\ndish: crêpe');
  });

  it.each([
    ['a,b\n1,"open quote\n2,3\n', 'This CSV file cannot be read: a quoted value is never closed.'],
    ['a,b\n"x"y,2\n', 'This CSV file cannot be read: a quoted value has text after its closing quote (line 2).'],
    ['a,b\n', 'This CSV file has a header but no rows.'],
    ['a,b\n,\n , \n', 'This CSV file has no values.'],
    ['\n\n', 'This file has no text.'],
  ])('refuses %j with a clear reason', (text, reason) => {
    expect(() => csv(text)).toThrow(new IngestError(reason));
  });
});

describe('guessDelimiter', () => {
  it('counts only the first line, outside quotes', () => {
    expect(guessDelimiter('"a;b;c",d\n1;2;3;4;5')).toBe(',');
    expect(guessDelimiter('no delimiter at all')).toBe(',');
    expect(guessDelimiter('a|b|c\n')).toBe('|');
  });
});
