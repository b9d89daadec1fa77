import fs from 'node:fs';
import path from 'node:path';
import type { ChatAnswer } from '@steward/contract/chat';
import type { DocumentIndexingRow, DocumentRow, UploadedFileRow } from '@steward/contract/documents';
import type { QuestionSet } from './question-set.ts';

/** The evaluation's calls to a running server: its documents uploaded and indexed through the public calls. */

const INDEXING_TIME_LIMIT_MS = 30 * 60_000;

export async function rowsOf<Row>(response: Response, call: string): Promise<Row[]> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: { rows: Row[] } }).data.rows;
}

const browser = (url: string, cookie: string) => ({ cookie, origin: url, 'sec-fetch-site': 'same-origin' });
const contentType = (file: string) => (file.endsWith('.pdf') ? 'application/pdf' : file.endsWith('.csv') ? 'text/csv' : 'text/plain');

/** Uploads and registers the set's documents as the Documents screen does; answers their ids. */
async function uploadDocuments(url: string, cookie: string, documents: QuestionSet['documents'], documentsDir: string): Promise<number[]> {
  const form = new FormData();
  form.append('capability', 'upload_document');
  form.append('filesData', JSON.stringify(documents.map((document) => ({ title: document.title, source_url: document.sourceUrl }))));
  for (const document of documents) {
    const bytes = fs.readFileSync(path.join(documentsDir, document.file));
    form.append('files', new Blob([new Uint8Array(bytes)], { type: contentType(document.file) }), document.file);
  }
  const uploaded = await rowsOf<UploadedFileRow>(await fetch(`${url}/api/upload-files`, { method: 'POST', headers: browser(url, cookie), body: form }), 'POST /api/upload-files');
  const registered = await rowsOf<DocumentRow>(
    await fetch(`${url}/api/register-files`, {
      method: 'POST',
      headers: { ...browser(url, cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ filesData: uploaded }),
    }),
    'POST /api/register-files',
  );
  return registered.map((row) => row.id);
}

/** Waits until every document is indexed, vectors included (GET /api/document-indexing); a document in error stops the run. */
async function waitUntilIndexed(url: string, cookie: string, ids: readonly number[]): Promise<void> {
  const deadline = Date.now() + INDEXING_TIME_LIMIT_MS;
  for (;;) {
    const documents = await rowsOf<DocumentRow>(await fetch(`${url}/api/documents/0`, { headers: { cookie } }), 'GET /api/documents/0');
    const failed = documents.filter((row) => ids.includes(row.id) && row.status === 'error');
    if (failed.length > 0) throw new Error(`Not indexed: ${failed.map((row) => `${row.title}: ${row.error ?? ''}`).join('; ')}`);
    const [status] = await rowsOf<DocumentIndexingRow>(await fetch(`${url}/api/document-indexing`, { headers: { cookie } }), 'GET /api/document-indexing');
    const completed = documents.filter((row) => ids.includes(row.id) && row.status === 'completed').length;
    if (completed === ids.length && status?.documents_indexing === 0) return;
    if (Date.now() > deadline) throw new Error('The documents were still being indexed after 30 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Uploads the documents and waits until they are indexed, vectors included; answers their ids. */
export async function indexDocuments(url: string, cookie: string, documents: QuestionSet['documents'], documentsDir: string): Promise<number[]> {
  const ids = await uploadDocuments(url, cookie, documents, documentsDir);
  await waitUntilIndexed(url, cookie, ids);
  return ids;
}

/** Deletes a document as the Documents screen does (its chunks go with it). */
export async function deleteDocument(url: string, cookie: string, id: number): Promise<void> {
  const answer = await fetch(`${url}/api/documents/${id}/delete`, { method: 'POST', headers: browser(url, cookie) });
  if (!answer.ok) throw new Error(`POST /api/documents/${id}/delete answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
}

/** A visitor's question to the public chat (POST /api/chat/ask), its answer. */
export async function askChat(url: string, message: string): Promise<ChatAnswer> {
  const [answer] = await rowsOf<ChatAnswer>(
    await fetch(`${url}/api/chat/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) }),
    'POST /api/chat/ask',
  );
  if (!answer) throw new Error('POST /api/chat/ask answered no row.');
  return answer;
}
