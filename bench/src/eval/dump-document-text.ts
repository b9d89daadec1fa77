/**
 * Prints a document's text as the server's parser reads it, page by page (`=== page N ===`), for writing
 * the evaluation's evidence texts: `node --import tsx bench/src/eval/dump-document-text.ts <file>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { detectDocumentKind, parseDocument } from '@steward/server/knowledge-internals';

const file = process.argv[2];
if (!file) throw new Error('Usage: dump-document-text.ts <file>');
const bytes = fs.readFileSync(file);
const kind = detectDocumentKind(path.basename(file), bytes.subarray(0, 8192));
if (!kind.ok) throw new Error(kind.reason);
for (const page of await parseDocument(kind.kind, bytes)) process.stdout.write(`=== page ${page.page} ===\n${page.text}\n`);
