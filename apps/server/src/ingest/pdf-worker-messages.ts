// `import type`, so that importing these messages does not load pdf.js on the main thread.
import type { PdfTextOutcome } from './pdf-text.ts';

/** What the PDF worker says: it loaded, then either the outcome or an unexpected failure. */
export type PdfWorkerMessage = { type: 'ready' } | { type: 'done'; outcome: PdfTextOutcome } | { type: 'failed'; detail: string };
