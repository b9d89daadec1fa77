import { describe, expect, it } from 'vitest';
import { IngestError } from '../ingest-error.ts';
import { parseTextFile } from './parse-text.ts';

describe('parseTextFile', () => {
  it('answers the whole file as page 1', () => {
    expect(parseTextFile(Buffer.from('\ufeffLine one.\nLine two.\n'))).toEqual([{ page: 1, text: 'Line one.\nLine two.\n' }]);
  });

  it.each([
    [Buffer.alloc(0), 'This file is empty.'],
    [Buffer.from(' \n\t\n'), 'This file has no text.'],
    [Buffer.concat([Buffer.from('text at the start, then '), Buffer.from([0, 1, 2, 0, 0])]), 'This file is not a text file: it contains binary data.'],
  ])('refuses %j with a reason', (bytes, reason) => {
    expect(() => parseTextFile(bytes)).toThrow(new IngestError(reason));
  });
});
