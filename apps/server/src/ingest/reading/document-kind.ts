/** The formats Steward reads (spec: .txt, .csv and .pdf). */
export type DocumentKind = 'txt' | 'csv' | 'pdf';

/** One page of a document's text. Text and CSV files are one page, numbered 1. */
export interface DocumentPage {
  page: number;
  text: string;
  /** A PDF page's lines as laid out, for finding its headings, running headers and page numbers (clean-pages.ts). */
  lines?: PageLine[];
}

/** One line of a PDF page: its text, its largest font size, and where it sits (0 at the top of the page, 1 at the bottom). */
export interface PageLine {
  text: string;
  size: number;
  top: number;
}

export type KindDetection = { ok: true; kind: DocumentKind } | { ok: false; reason: string };

/** How many leading bytes detectDocumentKind wants to see (fewer is fine for a smaller file). */
export const KIND_SNIFF_BYTES = 8192;

/** PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const FILE_TYPE_REFUSAL = 'File type must be .txt, .csv or .pdf.';

const extensionKinds: Record<string, DocumentKind> = { '.txt': 'txt', '.csv': 'csv', '.pdf': 'pdf' };

export function looksLikePdf(firstBytes: Uint8Array): boolean {
  return Buffer.from(firstBytes.buffer, firstBytes.byteOffset, Math.min(firstBytes.byteLength, PDF_HEADER_WINDOW)).includes(PDF_MAGIC);
}

/**
 * True when the bytes read as text: no NUL byte and almost no other control characters. Text in
 * UTF-16 (with its byte order mark) counts as text too. Any other byte sequence decodes as UTF-8
 * or Latin-1, so this is the whole test.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (hasUtf16Bom(bytes)) return bytes.byteLength % 2 === 0;
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    // Tab, line feed, form feed, carriage return and escape appear in real text files.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) controls += 1;
  }
  return controls <= bytes.byteLength / 100;
}

export const hasUtf16Bom = (bytes: Uint8Array): boolean =>
  bytes.byteLength >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));

/**
 * The kind of an uploaded file from its name and its first bytes (KIND_SNIFF_BYTES of them):
 * the name must be .txt, .csv or .pdf, and the content must agree, so a renamed executable or
 * an HTML error page saved as .pdf is refused before any parser sees it.
 */
export function detectDocumentKind(filename: string, firstBytes: Uint8Array): KindDetection {
  const dot = filename.lastIndexOf('.');
  const kind = dot < 0 ? undefined : extensionKinds[filename.slice(dot).toLowerCase()];
  if (!kind) return { ok: false, reason: FILE_TYPE_REFUSAL };
  if (firstBytes.byteLength === 0) return { ok: false, reason: 'This file is empty.' };
  const isPdf = looksLikePdf(firstBytes);
  if (kind === 'pdf') {
    return isPdf ? { ok: true, kind } : { ok: false, reason: 'This file is named .pdf but is not a PDF.' };
  }
  if (isPdf) return { ok: false, reason: `This file is a PDF but is named .${kind}: rename it to .pdf.` };
  if (!looksLikeText(firstBytes)) return { ok: false, reason: `This file is named .${kind} but is not a text file.` };
  return { ok: true, kind };
}
