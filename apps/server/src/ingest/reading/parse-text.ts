import { decodeText } from './decode-text.ts';
import { type DocumentPage, looksLikeText } from './document-kind.ts';
import { IngestError } from '../ingest-error.ts';

/** The text of a whole file, after checking every byte (the kind check saw only the start). */
export function readTextFile(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new IngestError('This file is empty.');
  if (!looksLikeText(bytes)) throw new IngestError('This file is not a text file: it contains binary data.');
  return decodeText(bytes);
}

/** A .txt file as one page. */
export function parseTextFile(bytes: Uint8Array): DocumentPage[] {
  const text = readTextFile(bytes);
  if (text.trim() === '') throw new IngestError('This file has no text.');
  return [{ page: 1, text }];
}
