// `import type`, so that importing these messages does not load pdf.js in the server.
import type { PdfTextOutcome } from './pdf-text.ts';

/** What the PDF reading process says: it loaded, then one outcome. */
export type PdfWorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; outcome: PdfTextOutcome }
  | { type: 'too-many-pages'; pages: number }
  | { type: 'expands' }
  | { type: 'failed'; detail: string };

/** What the reading process is told (STEWARD_PDF_SETTINGS, as JSON). */
export interface PdfWorkerSettings {
  inflateMb: number;
  maxPages: number;
}
