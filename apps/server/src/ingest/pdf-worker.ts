// The PDF worker: reads one PDF's text (workerData.bytes) and answers once. One worker per PDF, so a
// file that makes pdf.js loop or swell is ended by terminating its thread (parse-pdf.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { extractPdfText } from './pdf-text.ts';
import { type PdfWorkerMessage } from './pdf-worker-messages.ts';

const post = (message: PdfWorkerMessage) => parentPort?.postMessage(message);

post({ type: 'ready' });
const { bytes } = workerData as { bytes: Uint8Array };
extractPdfText(bytes).then(
  (outcome) => post({ type: 'done', outcome }),
  (error: unknown) => post({ type: 'failed', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
);
