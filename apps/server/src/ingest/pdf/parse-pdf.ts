import { type DocumentPage, looksLikePdf } from '../reading/document-kind.ts';
import { IngestError } from '../ingest-error.ts';
import { DEFAULT_PDF_LIMITS, PDF_LIMIT_REASONS, pdfAddressSpaceMb, type PdfLimits } from './pdf-limits.ts';
import { PDF_REASONS } from './pdf-reasons.ts';
import type { PdfWorkerMessage, PdfWorkerSettings } from './pdf-worker-messages.ts';
import { startProcess } from '../start-worker.ts';

export interface PdfParseOptions {
  /** Any of the limits of one PDF (pdf-limits.ts); the rest are the defaults. */
  limits?: Partial<PdfLimits>;
  /** Ends the reading at once (server shutdown); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export const DEFAULT_PDF_TIME_LIMIT_MS = DEFAULT_PDF_LIMITS.timeLimitMs;

/** The most of the reading process's stderr kept, to tell a memory failure from a crash. */
const STDERR_KEPT = 4096;

/**
 * A PDF's text per page (pages without text left out). pdf.js works on the thread that calls it, keeps a
 * big file busy for seconds, and inflates a file's streams into buffers outside V8's heap, so each PDF is
 * read in a child process of its own (pdf-worker.ts) under the operating system's address-space and
 * processor-time limits: the server stays responsive and its memory stays its own, and a file that loops or
 * swells ends that process only. Throws an IngestError with the reason for a file that cannot be read (too
 * many pages, expands too far, too slow); a plain Error when the process itself cannot start (not the
 * file's fault, worth a retry).
 */
export function parsePdf(bytes: Uint8Array, options: PdfParseOptions = {}): Promise<DocumentPage[]> {
  if (!looksLikePdf(bytes)) return Promise.reject(new IngestError('This file is not a PDF.'));
  const limits: PdfLimits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const settings: PdfWorkerSettings = { inflateMb: limits.inflateMb, maxPages: limits.maxPages };
    const child = startProcess(
      'pdf-worker',
      { addressSpaceMb: pdfAddressSpaceMb(limits, bytes.byteLength), cpuSeconds: limits.cpuSeconds, heapMb: limits.heapMb },
      { STEWARD_PDF_SETTINGS: JSON.stringify(settings) },
    );
    let ready = false;
    let settled = false;
    let stderr = '';
    /** The first outcome wins; the process is ended whatever it was doing. */
    const settle = (outcome: { pages: DocumentPage[] } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if ('pages' in outcome) resolve(outcome.pages);
      else reject(outcome.error);
    };
    const fail = (error: unknown) => settle({ error });
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => fail(new IngestError(PDF_LIMIT_REASONS.tooLong(limits))), limits.timeLimitMs);

    child.on('message', (message: PdfWorkerMessage) => {
      if (message.type === 'ready') ready = true;
      else if (message.type === 'failed') fail(new IngestError(PDF_REASONS.damaged, { cause: new Error(message.detail) }));
      else if (message.type === 'expands') fail(new IngestError(PDF_LIMIT_REASONS.expands(limits)));
      else if (message.type === 'too-many-pages') fail(new IngestError(PDF_LIMIT_REASONS.tooManyPages(message.pages, limits)));
      else if (message.outcome.ok) settle({ pages: message.outcome.pages });
      else fail(new IngestError(message.outcome.reason, { cause: message.outcome.detail ? new Error(message.outcome.detail) : undefined }));
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (stderr.length < STDERR_KEPT) stderr += text.slice(0, STDERR_KEPT - stderr.length);
    });
    // The file is written to the process's stdin; a process that ends early closes the pipe (EPIPE), which its exit explains.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(bytes);
    child.on('error', (error) => fail(new Error(`The PDF reader could not start: ${error.message}`, { cause: error })));
    child.on('exit', (code, exitSignal) => {
      const cause = new Error(`The PDF reader ended (exit code ${code}, signal ${exitSignal}): ${stderr.trim().slice(0, 500)}`);
      if (exitSignal === 'SIGXCPU') return fail(new IngestError(PDF_LIMIT_REASONS.tooMuchProcessorTime(limits), { cause }));
      // V8 ends the process (abort, trap, or a fault on a mapping the address-space limit refused) when it runs out of memory.
      const crashed = exitSignal === 'SIGSEGV' || exitSignal === 'SIGABRT' || exitSignal === 'SIGTRAP' || exitSignal === 'SIGBUS';
      if (crashed || /out of memory|allocation failed|heap limit|OOM/i.test(stderr)) {
        // Node itself needs its address space to start: a memory failure before the file was read is not the file's.
        return fail(ready ? new IngestError(PDF_LIMIT_REASONS.tooComplex, { cause }) : new Error(`The PDF reader could not start: ${cause.message}`, { cause }));
      }
      fail(ready ? new IngestError(PDF_REASONS.damaged, { cause }) : new Error(`The PDF reader stopped before it started: ${cause.message}`, { cause }));
    });
  });
}
