import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../test/slowdown.ts';
import { testDataPath } from '../../test/test-data.ts';
import { chunkPages } from '../reading/chunk.ts';
import { type DocumentPage } from '../reading/document-kind.ts';
import { IngestError } from '../ingest-error.ts';
import { parseDocument } from '../reading/parse-document.ts';
import { parsePdf } from './parse-pdf.ts';
import { DEFAULT_PDF_LIMITS, PDF_LIMIT_REASONS } from './pdf-limits.ts';
import { PDF_REASONS } from './pdf-reasons.ts';
import type { PdfWorkerMessage } from './pdf-worker-messages.ts';
import { startProcess } from '../start-worker.ts';
import { buildInflateBombPdf, buildManyPagesPdf, buildSlowPdf } from '../../test/test-pdf-bombs.ts';
import { buildTestPdf } from '../../test/test-pdfs.ts';
import { approximateTokenCount } from '../reading/token-count.ts';

const pdfDir = testDataPath('pdf');
const pdfFiles = fs.readdirSync(pdfDir).filter((name) => name.toLowerCase().endsWith('.pdf'));

/** What each known file must give; a file added later must still end in pages or a known reason. */
const expected: Record<string, { pages: number; contains: string } | { reason: string }> = {
  'tracemonkey.pdf': { pages: 14, contains: 'Trace-based Just-in-Time Type Specialization' },
  'freeculture.pdf': { pages: 351, contains: 'FREE CULTURE' },
  'pdfjs_wikipedia.pdf': { pages: 1, contains: 'PDF.js' },
  'three_pages_with_number.pdf': { pages: 3, contains: '2' },
  'ArabicCIDTrueType.pdf': { pages: 1, contains: 'اﻟﻌﺮﺑﻴﺔ' },
  'empty.pdf': { reason: PDF_REASONS.noText },
  'empty_protected.pdf': { reason: PDF_REASONS.protectedNoText },
  'GHOSTSCRIPT-698804-1-fuzzed.pdf': { reason: PDF_REASONS.damaged },
};

const outcomeOf = async (bytes: Uint8Array): Promise<{ pages: DocumentPage[] } | { reason: string }> => {
  try {
    return { pages: await parsePdf(bytes) };
  } catch (error) {
    if (error instanceof IngestError) return { reason: error.reason };
    throw error;
  }
};

describe('parsePdf on every PDF in test-data/pdf', () => {
  it('finds the test PDFs', () => {
    expect(pdfFiles.length).toBeGreaterThanOrEqual(8);
  });

  it.each(pdfFiles)('%s ends in pages of text or an IngestError with a clear reason', async (name) => {
    const outcome = await outcomeOf(fs.readFileSync(path.join(pdfDir, name)));
    if ('pages' in outcome) {
      expect(outcome.pages.length).toBeGreaterThan(0);
      const numbers = outcome.pages.map((page) => page.page);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const page of outcome.pages) expect(page.text.trim()).not.toBe('');
    } else {
      expect(Object.values(PDF_REASONS)).toContain(outcome.reason);
    }
    const known = expected[name];
    if (known && 'reason' in known) expect(outcome).toEqual({ reason: known.reason });
    if (known && 'pages' in known) {
      expect(outcome).toHaveProperty('pages');
      const pages = 'pages' in outcome ? outcome.pages : [];
      expect(pages).toHaveLength(known.pages);
      expect(pages.map((page) => page.text).join('\n')).toContain(known.contains);
    }
  });

  it('keeps the page numbers of the three-page file, through chunking too', async () => {
    const pages = await parsePdf(fs.readFileSync(path.join(pdfDir, 'three_pages_with_number.pdf')));
    expect(pages.map((page) => [page.page, page.text.trim()])).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
    ]);
    expect(chunkPages(pages, { countTokens: approximateTokenCount }).map(({ page, text }) => ({ page, text }))).toEqual([
      { page: 1, text: '1' },
      { page: 2, text: '2' },
      { page: 3, text: '3' },
    ]);
  });

  it('chunks a real paper within the limit, each chunk from one page', async () => {
    const pages = await parsePdf(fs.readFileSync(path.join(pdfDir, 'tracemonkey.pdf')));
    const chunks = chunkPages(pages, { countTokens: approximateTokenCount });
    expect(new Set(chunks.map((chunk) => chunk.page))).toEqual(new Set(pages.map((page) => page.page)));
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(400);
      expect(pages.find((page) => page.page === chunk.page)?.text.replace(/\s+/g, ' ')).toContain(chunk.text.replace(/\s+/g, ' ').slice(0, 80));
    }
  });
});

describe('parsePdf on hand-made files', () => {
  it('reads each page of a PDF, skipping pages without text', async () => {
    const pages = await parsePdf(buildTestPdf(['Opening hours (weekdays)', '', 'Returns within 30 days']));
    expect(pages.map(({ page, text }) => ({ page, text }))).toEqual([
      { page: 1, text: 'Opening hours (weekdays)' },
      { page: 3, text: 'Returns within 30 days' },
    ]);
    // Each line keeps its font size and where it sits on the page, for finding headings and running headers.
    expect(pages[0]?.lines).toEqual([{ text: 'Opening hours (weekdays)', size: expect.any(Number) as number, top: expect.any(Number) as number }]);
    expect(pages[0]?.lines?.[0]?.size).toBeGreaterThan(0);
    expect(pages[0]?.lines?.[0]?.top).toBeGreaterThan(0);
    expect(pages[0]?.lines?.[0]?.top).toBeLessThan(1);
  });

  it('says a file needing a password is password-protected', async () => {
    await expect(parsePdf(buildTestPdf(['secret'], { userPassword: true }))).rejects.toThrow(new IngestError(PDF_REASONS.password));
  });

  it('says a file with a PDF header and nothing readable after it is damaged', async () => {
    await expect(parsePdf(Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(200)))).rejects.toThrow(new IngestError(PDF_REASONS.damaged));
  });

  it('reads what it can of a cut-off file, or calls it damaged', async () => {
    const whole = fs.readFileSync(path.join(pdfDir, 'tracemonkey.pdf'));
    const outcome = await outcomeOf(whole.subarray(0, Math.floor(whole.length / 3)));
    expect('pages' in outcome || outcome.reason === PDF_REASONS.damaged).toBe(true);
  });

  it('refuses bytes that are not a PDF before starting a worker', async () => {
    await expect(parsePdf(Buffer.from('<html>not found</html>'))).rejects.toThrow(new IngestError('This file is not a PDF.'));
  });

  it('stops a PDF that takes longer than its time limit', async () => {
    const started = Date.now();
    await expect(parsePdf(fs.readFileSync(path.join(pdfDir, 'freeculture.pdf')), { limits: { timeLimitMs: 50 } })).rejects.toThrow(
      new IngestError('Reading this PDF took longer than 50 ms, so it was stopped.'),
    );
    expect(Date.now() - started).toBeLessThan(scaled(2000));
  });

  it('stops a PDF that needs more heap than its process may have', async () => {
    await expect(parsePdf(fs.readFileSync(path.join(pdfDir, 'freeculture.pdf')), { limits: { heapMb: 16 } })).rejects.toThrow(
      new IngestError('This PDF is too large or too complex to read.'),
    );
  });

  it('stops at once when the caller aborts (the reading process is ended)', async () => {
    const controller = new AbortController();
    const reading = parsePdf(fs.readFileSync(path.join(pdfDir, 'freeculture.pdf')), { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(reading).rejects.toThrow('shutting down');
  });

  it('is what parseDocument uses for the pdf kind', async () => {
    expect((await parseDocument('pdf', buildTestPdf(['Hello']))).map(({ page, text }) => ({ page, text }))).toEqual([{ page: 1, text: 'Hello' }]);
    expect(await parseDocument('txt', Buffer.from('Hello'))).toEqual([{ page: 1, text: 'Hello' }]);
  });
});

// Generating and reading a bomb is seconds of processor time alone, and many more while other test files run.
const HOSTILE_TIMEOUT_MS = scaled(180_000);

describe('parsePdf on hostile files', () => {
  let gibBomb: Buffer;
  beforeAll(async () => {
    gibBomb = await buildInflateBombPdf(1024 * 1024 * 1024);
  }, HOSTILE_TIMEOUT_MS);

  it('refuses a decompression bomb with the limit in the message, and reads the next file', async () => {
    const bomb = await buildInflateBombPdf(256 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(parsePdf(bomb, { limits: { inflateMb: 32 } })).rejects.toThrow(
      new IngestError('This PDF expands to more than 32 MB when it is read, more than one document may take, so it was not read.'),
    );
    expect((await parsePdf(buildTestPdf(['After the bomb']))).map(({ page, text }) => ({ page, text }))).toEqual([{ page: 1, text: 'After the bomb' }]);
  }, HOSTILE_TIMEOUT_MS);

  it('refuses a 1 GiB bomb at the default limits, its memory the reading process\'s and not the server\'s', async () => {
    const before = process.memoryUsage().rss;
    await expect(parsePdf(gibBomb)).rejects.toThrow(new IngestError(PDF_LIMIT_REASONS.expands(DEFAULT_PDF_LIMITS)));
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  }, HOSTILE_TIMEOUT_MS);

  it('refuses a file with more pages than the limit before reading any, saying how many', async () => {
    await expect(parsePdf(buildManyPagesPdf(20_000))).rejects.toThrow(
      new IngestError('This PDF has 20,000 pages; at most 5,000 are read, so it was not read. Please split it into smaller files.'),
    );
    expect(await parsePdf(buildManyPagesPdf(3), { limits: { maxPages: 3 } })).toHaveLength(3);
  }, HOSTILE_TIMEOUT_MS);

  it('stops a PDF that uses more processor time than its process may', async () => {
    // Two million text operators: many seconds of pdf.js's processor time, stopped at one.
    await expect(parsePdf(await buildSlowPdf(2_000_000), { limits: { cpuSeconds: 1 } })).rejects.toThrow(
      new IngestError('Reading this PDF used more than 1 second of processor time, so it was stopped.'),
    );
  }, HOSTILE_TIMEOUT_MS);

  it('holds the reading process to its address-space limit even when the inflate guard would let a stream grow', async () => {
    const bomb = gibBomb;
    // The guard allows 4 GB here; the operating system's limit of 1.5 GB refuses the buffers first.
    const child = startProcess('pdf-worker', { addressSpaceMb: 1536, cpuSeconds: 60, heapMb: 512 }, {
      STEWARD_PDF_SETTINGS: JSON.stringify({ inflateMb: 4096, maxPages: 5000 }),
    });
    const messages: PdfWorkerMessage[] = [];
    child.on('message', (message: PdfWorkerMessage) => messages.push(message));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(bomb);
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    expect(messages.some((message) => message.type === 'done')).toBe(false);
    // Either the process saw its allocations refused (the guard notes the refusal) or it was ended by the fault.
    expect(messages.some((message) => message.type === 'expands') || exit.signal !== null).toBe(true);
  }, HOSTILE_TIMEOUT_MS);
});
