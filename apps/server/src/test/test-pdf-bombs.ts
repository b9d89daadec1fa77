// Hostile PDFs generated for tests and the bench (not used by the server): a decompression bomb and a
// file with very many pages, each small on disk.
import { createDeflate } from 'node:zlib';
import { buildTestPdf } from './test-pdfs.ts';

/** Deflates the blocks one after another without holding them all: what a hostile file's stream is made of. */
async function deflateBlocks(blocks: Iterable<Buffer>): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (const block of blocks) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** `size` bytes of one repeated byte, a megabyte at a time. */
function* repeatedBytes(byte: number, size: number): Generator<Buffer> {
  const block = Buffer.alloc(1024 * 1024, byte);
  for (let written = 0; written < size; written += block.length) yield written + block.length <= size ? block : block.subarray(0, size - written);
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `inflatedBytes` bytes of spaces: about a
 * thousandth of that on disk (1 GiB inflated is about 1 MB), the shape of a decompression bomb.
 */
export async function buildInflateBombPdf(inflatedBytes: number): Promise<Buffer> {
  return onePagePdf(await deflateBlocks(repeatedBytes(0x20, inflatedBytes)));
}

/**
 * A one-page PDF whose content stream draws `operations` short texts (1,000,000 is about 30 MB of operators,
 * deflated to a few hundred kB): seconds of processor time for pdf.js to read, the shape of a file that hogs it.
 */
export async function buildSlowPdf(operations: number): Promise<Buffer> {
  const line = Buffer.from('BT /F1 12 Tf 72 720 Td (slow) Tj ET\n', 'latin1');
  const block = Buffer.concat(Array.from({ length: 1000 }, () => line));
  return onePagePdf(await deflateBlocks(Array.from({ length: Math.ceil(operations / 1000) }, () => block)));
}

/** A one-page PDF (Helvetica as F1) whose content is `stream`, deflated. */
function onePagePdf(stream: Buffer): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  add(Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
  add(stream);
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = length;
  add(Buffer.from(`xref\n0 6\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`, 'latin1'));
  add(Buffer.from(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A PDF of `pages` pages with a short line of text on each (20,000 pages is about 4 MB). */
export function buildManyPagesPdf(pages: number): Buffer {
  return buildTestPdf(Array.from({ length: pages }, (_, index) => `Page ${index + 1}`));
}
