import fs from 'node:fs';
import path from 'node:path';
import type { ChatAnswer } from '@steward/contract/chat';
import type { DocumentIndexingRow, DocumentRow, UploadedFileRow } from '@steward/contract/documents';
import { isSiteCrawling, type SiteRow } from '@steward/contract/sites';
import { siteStart } from './eval-sites.ts';
import type { SetDocument, SetFile, SetSite } from './question-set.ts';

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
async function uploadDocuments(url: string, cookie: string, documents: readonly SetFile[], documentsDir: string): Promise<number[]> {
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

/** Where a set's documents are read from: its files' folder, and the loopback server of its sites (eval-sites.ts). */
export interface SetSources {
  documentsDir: string;
  siteOrigin?: string;
}

/** What indexing a set's documents made on the server: its documents' ids and its sites'. */
export interface IndexedSources {
  documents: number[];
  sites: number[];
}

/** Uploads the files and adds the sites, and waits until all are indexed, vectors included. */
export async function indexDocuments(url: string, cookie: string, documents: readonly SetDocument[], sources: SetSources): Promise<IndexedSources> {
  const files = documents.filter((document): document is SetFile => 'file' in document);
  const ids = files.length > 0 ? await uploadDocuments(url, cookie, files, sources.documentsDir) : [];
  const sites: number[] = [];
  for (const site of documents.filter((document): document is SetSite => 'site' in document)) sites.push(await addSite(url, cookie, site, sources));
  await waitUntilIndexed(url, cookie, ids);
  return { documents: ids, sites };
}

/** Adds a set's site as the Add a website form does, and waits until its crawl ends; a crawl in error stops the run. */
async function addSite(url: string, cookie: string, site: SetSite, sources: SetSources): Promise<number> {
  if (!sources.siteOrigin) throw new Error(`The site ${site.site} needs its pages served: serveSites first.`);
  const { startUrl, prefix } = siteStart(sources.siteOrigin, site);
  const [added] = await rowsOf<SiteRow>(
    await fetch(`${url}/api/sites`, {
      method: 'POST',
      headers: { ...browser(url, cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ start_kind: 'page', start_url: startUrl, include_prefixes: [prefix] }),
    }),
    'POST /api/sites',
  );
  if (!added) throw new Error('POST /api/sites answered no row.');
  const deadline = Date.now() + INDEXING_TIME_LIMIT_MS;
  for (;;) {
    const row = (await rowsOf<SiteRow>(await fetch(`${url}/api/sites`, { headers: { cookie } }), 'GET /api/sites')).find((each) => each.id === added.id);
    if (!row) throw new Error(`The site ${site.site} is gone from GET /api/sites.`);
    if (row.status === 'error' || row.status === 'cancelled') throw new Error(`Not indexed: the site ${site.site}: ${row.message ?? row.status}`);
    if (!isSiteCrawling(row.status)) return row.id;
    if (Date.now() > deadline) throw new Error(`The site ${site.site} was still being crawled after 30 minutes.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Deletes what indexDocuments made, as the Documents screen does (chunks, and a site's pages, go with it). */
export async function deleteSources(url: string, cookie: string, indexed: IndexedSources): Promise<void> {
  for (const id of indexed.documents) await deleteDocument(url, cookie, id);
  for (const id of indexed.sites) {
    const answer = await fetch(`${url}/api/sites/${id}/delete`, { method: 'POST', headers: browser(url, cookie) });
    if (!answer.ok) throw new Error(`POST /api/sites/${id}/delete answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  }
}

/** Deletes a document as the Documents screen does (its chunks go with it). */
async function deleteDocument(url: string, cookie: string, id: number): Promise<void> {
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
