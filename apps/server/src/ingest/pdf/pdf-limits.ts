import { describeDuration } from '../describe-duration.ts';

/**
 * What one PDF may cost the process that reads it (docs/security.md, docs/ingestion.md). A PDF is read in
 * a child process of its own under a hard address-space and processor-time limit set by the operating
 * system (start-worker.ts, startProcess), so a decompression bomb or a file that loops ends that process, never the server.
 */
export interface PdfLimits {
  /** The largest buffer one stream may inflate into, in MB: past it the file is refused with pdfExpands. */
  inflateMb: number;
  /** Pages read at most: a file with more is refused whole. */
  maxPages: number;
  /** Processor time the reading process may use, in seconds (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Wall-clock time the reading may take, process start included. */
  timeLimitMs: number;
  /** The reading process's V8 heap (--max-old-space-size), in MB. */
  heapMb: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  inflateMb: 256,
  maxPages: 5000,
  cpuSeconds: 120,
  timeLimitMs: 5 * 60_000,
  heapMb: 1024,
};

/**
 * The reading process's whole address space (RLIMIT_AS), in MB: what Node itself reserves at start (about
 * 1 GB of address space, most of it never touched), its heap, the file (held by the process and by pdf.js),
 * and a stream's inflated buffer while it doubles (the old half and the new whole).
 */
export function pdfAddressSpaceMb(limits: PdfLimits, fileBytes: number): number {
  const fileMb = Math.ceil(fileBytes / (1024 * 1024));
  return 1536 + limits.heapMb + 4 * fileMb + 2 * limits.inflateMb;
}

const thousands = (count: number) => count.toLocaleString('en-US');

/** The reasons a document card shows when a PDF is refused for what reading it would cost. */
export const PDF_LIMIT_REASONS = {
  expands: (limits: Pick<PdfLimits, 'inflateMb'>) =>
    `This PDF expands to more than ${limits.inflateMb} MB when it is read, more than one document may take, so it was not read.`,
  tooManyPages: (pages: number, limits: Pick<PdfLimits, 'maxPages'>) =>
    `This PDF has ${thousands(pages)} pages; at most ${thousands(limits.maxPages)} are read, so it was not read. Please split it into smaller files.`,
  tooMuchProcessorTime: (limits: Pick<PdfLimits, 'cpuSeconds'>) =>
    `Reading this PDF used more than ${describeDuration(limits.cpuSeconds * 1000)} of processor time, so it was stopped.`,
  tooLong: (limits: Pick<PdfLimits, 'timeLimitMs'>) => `Reading this PDF took longer than ${describeDuration(limits.timeLimitMs)}, so it was stopped.`,
  tooComplex: 'This PDF is too large or too complex to read.',
} as const;
