import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDataPath } from '../../test/test-data.ts';
import { chunkSections } from './chunk.ts';
import { documentLines } from './clean-pages.ts';
import { documentSections } from './document-sections.ts';
import { parsePdf } from '../pdf/parse-pdf.ts';
import { parseTextFile } from './parse-text.ts';
import { approximateTokenCount } from './token-count.ts';

/** Real manuals read, cleaned, sectioned and chunked as ingestion does (knowledge-indexing.ts). */
async function chunksOf(file: string) {
  const bytes = fs.readFileSync(testDataPath('manuals', file));
  const pages = file.endsWith('.pdf') ? await parsePdf(bytes) : parseTextFile(bytes);
  const sections = documentSections(documentLines(pages));
  return { sections, chunks: chunkSections(sections, { countTokens: approximateTokenCount }) };
}

describe('a real PDF manual (bzip2)', () => {
  it('loses its table of contents, running headers and page numbers, and keeps its body', async () => {
    const { chunks } = await chunksOf('bzip2-manual.pdf');
    const text = chunks.map((chunk) => chunk.text).join('\n');
    expect(text).not.toMatch(/\. \. \. \. \./);
    expect(chunks.some((chunk) => /^How to use bzip2\b/.test(chunk.text))).toBe(false);
    expect(chunks.some((chunk) => /^\d{1,2}$/m.test(chunk.text))).toBe(false);
    expect(text).toContain('bzip2recover is a simple program whose purpose is to search for blocks in .bz2 files');
  });

  it('reads its sections under their headings, a heading set on two lines whole', async () => {
    const { sections, chunks } = await chunksOf('bzip2-manual.pdf');
    expect(sections.map((section) => section.headings.join(' › '))).toContain('2. How to use bzip2 › 2.6. RECOVERING DATA FROM DAMAGED FILES');
    const recovering = chunks.find((chunk) => chunk.text.includes('bzip2recover is a simple program'));
    expect(recovering?.heading).toBe('2. How to use bzip2 › 2.6. RECOVERING DATA FROM DAMAGED FILES');
    expect(chunks.some((chunk) => chunk.pageEnd > chunk.page)).toBe(true);
  });
});

describe('a real text manual (GNU gzip, Texinfo as text)', () => {
  it('reads its underlined headings and drops node lines and menus', async () => {
    const { sections, chunks } = await chunksOf('gzip-manual.txt');
    const headings = sections.map((section) => section.headings.join(' › '));
    expect(headings).toContain('3 Invoking ‘gzip’');
    expect(headings.some((heading) => heading.endsWith('4 Advanced usage'))).toBe(true);
    const text = chunks.map((chunk) => chunk.text).join('\n');
    expect(text).not.toMatch(/^File: gzip\.info/m);
    expect(text).not.toMatch(/^\* Menu:/m);
    expect(text.replace(/\s+/g, ' ')).toContain('Typically, text such as source code or English is reduced by 60–70%.');
  });
});
