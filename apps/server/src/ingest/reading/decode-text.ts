import { hasUtf16Bom } from './document-kind.ts';

const hasUtf8Bom = (bytes: Uint8Array): boolean => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * A text file's characters: UTF-8, or UTF-16 when it starts with that byte order mark, or else
 * Latin-1 when the bytes are not valid UTF-8 (older Windows and spreadsheet exports). The byte
 * order mark is dropped. Latin-1 is read as Windows-1252, its superset that also has € and curly quotes.
 */
export function decodeText(bytes: Uint8Array): string {
  if (hasUtf16Bom(bytes)) return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes);
  // A UTF-8 mark says what the file is, so a stray bad byte becomes U+FFFD rather than turning the file into Latin-1.
  if (hasUtf8Bom(bytes)) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252's characters at 0x80–0x9F; the five bytes it leaves undefined keep their Latin-1 control character. */
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

/** Node's TextDecoder reads "windows-1252" as plain Latin-1 (0x80 stays a control character), so map those 32 bytes here. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}
