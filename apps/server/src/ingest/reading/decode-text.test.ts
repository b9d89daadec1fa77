import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.ts';

describe('decodeText', () => {
  it('reads UTF-8', () => {
    expect(decodeText(Buffer.from('Crème brûlée – 5 €', 'utf8'))).toBe('Crème brûlée – 5 €');
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(decodeText(Buffer.from('\ufeffhello', 'utf8'))).toBe('hello');
  });

  it('reads Latin-1 (Windows-1252) when the bytes are not valid UTF-8', () => {
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]))).toBe('Café €5');
  });

  it('keeps UTF-8 after its byte order mark even around a bad byte', () => {
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62]))).toBe('a\ufffdb');
  });

  it('reads UTF-16 in both byte orders from the byte order mark', () => {
    expect(decodeText(Buffer.from('\ufeffhé', 'utf16le'))).toBe('hé');
    const bigEndian = Buffer.from('\ufeffhé', 'utf16le').swap16();
    expect(decodeText(bigEndian)).toBe('hé');
  });
});

describe('decodeText with every Windows-1252 character', () => {
  it('maps 0x80–0x9F as Windows does', () => {
    const high = Buffer.from(Array.from({ length: 32 }, (_, index) => 0x80 + index));
    // The bytes left undefined in Windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as their Latin-1 control characters.
    expect(decodeText(Buffer.concat([Buffer.from([0xe9]), high]))).toBe('é€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ');
  });
});
