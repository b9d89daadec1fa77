import { type DocumentKind, type DocumentPage } from './document-kind.ts';
import { parseCsvFile } from './parse-csv.ts';
import { type PdfParseOptions, parsePdf } from '../pdf/parse-pdf.ts';
import { parseTextFile } from './parse-text.ts';

/**
 * A document's text, page by page, from the kind detectDocumentKind answered. Throws an
 * IngestError with a reason for the staff member when the file cannot be read.
 */
export async function parseDocument(kind: DocumentKind, bytes: Uint8Array, options: PdfParseOptions = {}): Promise<DocumentPage[]> {
  switch (kind) {
    case 'txt':
      return parseTextFile(bytes);
    case 'csv':
      return parseCsvFile(bytes);
    case 'pdf':
      return parsePdf(bytes, options);
  }
}
