import fs from 'node:fs';
import path from 'node:path';
import { detectDocumentKind, documentLines, documentSections, parseDocument, readHtmlPage } from '@steward/server/knowledge-internals';
import { type DocumentLine, type QuestionsAndHeadings, questionsAndHeadingsOf } from './answer-shape.ts';
import type { SetDocument } from './question-set.ts';

/** A set's document as the server's parser reads it: its text, and its FAQ questions and headings (answer-shape.ts). */
export interface ReadDocument {
  text: string;
  questionsAndHeadings: QuestionsAndHeadings;
}

export async function readDocument(file: string): Promise<ReadDocument> {
  const bytes = fs.readFileSync(file);
  const kind = detectDocumentKind(path.basename(file), bytes.subarray(0, 8192));
  if (!kind.ok) throw new Error(`${file}: ${kind.reason}`);
  const pages = await parseDocument(kind.kind, bytes);
  const lines = documentLines(pages);
  const headings = documentSections(lines).flatMap((section) => section.headings);
  return { text: pages.map((page) => page.text).join('\n'), questionsAndHeadings: questionsAndHeadingsOf(lines, headings) };
}

/** A site's pages as the server's reader reads them (Readability, then its sections): for the BM25 baseline and the answer-shape check. */
export function readSiteDocument(folder: string): ReadDocument {
  const pages = fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /\.html?$/i.test(file)).sort();
  const texts: string[] = [];
  const lines: DocumentLine[] = [];
  const headings: string[] = [];
  for (const page of pages) {
    const read = readHtmlPage(fs.readFileSync(path.join(folder, page)), 'text/html', new URL(`http://site.invalid/${page}`));
    headings.push(read.title);
    for (const section of read.sections) {
      headings.push(...section.headings);
      for (const paragraph of section.paragraphs) {
        texts.push(paragraph.text);
        paragraph.text.split('\n').forEach((text, index) => lines.push({ text, paragraphStart: index === 0 }));
      }
    }
  }
  return { text: texts.join('\n\n'), questionsAndHeadings: questionsAndHeadingsOf(lines, headings) };
}

/** A set's document, a file or a site, read from the set's folders (readQuestionSet). */
export function readSetDocument(document: SetDocument, folders: { documentsDir: string; sitesDir: string }): Promise<ReadDocument> {
  return 'site' in document ? Promise.resolve(readSiteDocument(path.join(folders.sitesDir, document.site))) : readDocument(path.join(folders.documentsDir, document.file));
}
