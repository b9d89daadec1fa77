import { describeDuration } from './describe-duration.ts';
import { type DocumentPage, looksLikePdf } from './document-kind.ts';
import { IngestError } from './ingest-error.ts';
import { PDF_REASONS } from './pdf-reasons.ts';
import type { PdfWorkerMessage } from './pdf-worker-messages.ts';
import { startWorker } from './start-worker.ts';

export interface PdfParseOptions {
  /** The longest one PDF may take to read (worker start included); then its worker is ended. Default 5 minutes. */
  timeLimitMs?: number;
  /** The PDF worker's heap limit, so one swollen file cannot take the server's memory. Default 2048 MB. */
  memoryLimitMb?: number;
  /** Ends the reading at once (server shutdown); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export const DEFAULT_PDF_TIME_LIMIT_MS = 5 * 60_000;
const DEFAULT_PDF_MEMORY_LIMIT_MB = 2048;

/**
 * A PDF's text per page (pages without text left out). pdf.js works on the thread that calls it and
 * a big file keeps it busy for seconds, so each PDF is read in its own worker thread: the API stays
 * responsive, and a file that loops or swells is stopped by ending the thread — a time limit on the
 * main thread could not interrupt it. Throws an IngestError with the reason for a file that cannot
 * be read; a plain Error when the worker itself cannot start (not the file's fault, worth a retry).
 */
export function parsePdf(bytes: Uint8Array, options: PdfParseOptions = {}): Promise<DocumentPage[]> {
  if (!looksLikePdf(bytes)) return Promise.reject(new IngestError('This file is not a PDF.'));
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_PDF_TIME_LIMIT_MS;
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    // workerData is copied into the worker, so the caller's buffer (maybe a slice of Node's shared pool) is left alone.
    const worker = startWorker('pdf-worker', {
      workerData: { bytes },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb ?? DEFAULT_PDF_MEMORY_LIMIT_MB },
    });
    let ready = false;
    let settled = false;
    /** The first outcome wins; the worker is ended whatever it was doing. */
    const settle = (outcome: { pages: DocumentPage[] } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if ('pages' in outcome) resolve(outcome.pages);
      else reject(outcome.error);
    };
    const fail = (error: unknown) => settle({ error });
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => fail(new IngestError(`Reading this PDF took longer than ${describeDuration(timeLimitMs)}, so it was stopped.`)), timeLimitMs);
    worker.on('message', (message: PdfWorkerMessage) => {
      if (message.type === 'ready') ready = true;
      else if (message.type === 'failed') fail(new IngestError(PDF_REASONS.damaged, { cause: new Error(message.detail) }));
      else if (message.outcome.ok) settle({ pages: message.outcome.pages });
      else fail(new IngestError(message.outcome.reason, { cause: message.outcome.detail ? new Error(message.outcome.detail) : undefined }));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') fail(new IngestError('This PDF is too large or too complex to read.', { cause: error }));
      else if (ready) fail(new IngestError(PDF_REASONS.damaged, { cause: error }));
      else fail(new Error(`The PDF reader could not start: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      fail(ready ? new IngestError(PDF_REASONS.damaged) : new Error(`The PDF reader stopped before it started (exit code ${code}).`));
    });
  });
}
