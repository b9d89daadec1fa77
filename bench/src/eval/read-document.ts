import fs from 'node:fs';
import path from 'node:path';
import { detectDocumentKind, documentLines, documentSections, parseDocument } from '@steward/server/knowledge-internals';
import { type QuestionsAndHeadings, questionsAndHeadingsOf } from './answer-shape.ts';

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
