import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { REPOSITORY_ROOT } from './built-server.ts';
import { expect, test as base } from './fixtures.ts';
import { scaled } from './slowdown.ts';

/**
 * Helpers for the Documents tests (e2e/tests/documents*.spec.ts): real files, a loopback server the
 * Steward server fetches PDFs from (the e2e server runs with ALLOW_PRIVATE_URLS=true), held calls,
 * and documents made through the real calls.
 */

/** Indexing a small file takes seconds; a PDF's parse worker and the embedder can take longer on a busy machine. */
export const INGESTION_TIMEOUT = scaled(60_000);

/** A real-world PDF of the repository's test-data/pdf. A missing file fails the test rather than skip it. */
export function testPdf(name: string): string {
  const file = path.join(REPOSITORY_ROOT, 'test-data', 'pdf', name);
  if (!fs.existsSync(file)) throw new Error(`The test PDF ${file} is missing from the repository.`);
  return file;
}

let counter = 0;
/** A title or file name no other test (or earlier run on the same server) uses. */
export const unique = (label: string): string => `${label} ${Date.now().toString(36)}${(counter += 1)}${Math.random().toString(36).slice(2, 6)}`;

/** Writes a text file into `dir` (a test's output folder) and answers its path, for setInputFiles. */
export function writeTextFile(dir: string, name: string, content: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** A document's card, named by its title. */
export const documentCard = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });

/** A card's status pill. */
export const statusPill = (card: Locator, status: 'In progress' | 'Completed' | 'Error'): Locator => card.getByText(status, { exact: true });

/** The Upload documents form. */
export const uploadForm = (page: Page): Locator => page.locator('form').filter({ has: page.getByRole('heading', { name: 'Upload documents' }) });

/** The upload's progress bar, named by its state. */
export const progressBar = (page: Page, state: string): Locator => page.getByRole('progressbar', { name: state, exact: true });

export interface HeldCalls {
  /** Resolves with the first request held, once the browser has made it. */
  readonly reached: Promise<Request>;
  /** Lets every held request (and every later one) through to the server. */
  release(): void;
}

/**
 * Holds the page's requests to `url` (a glob or a test on the URL, optionally of one method) until
 * `release`, so the state shown while a call is under way can be seen.
 */
export async function holdCalls(page: Page, url: string | ((url: URL) => boolean), method?: string): Promise<HeldCalls> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reach: (request: Request) => void = () => undefined;
  const reached = new Promise<Request>((resolve) => (reach = resolve));
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    reach(route.request());
    await released;
    await route.fallback();
  });
  return { reached, release: () => release() };
}

/** GET /api/documents/{page}: the list calls, which the screen repeats every 2 s while a document is in progress. */
export const isDocumentsListCall = (url: URL): boolean => /^\/api\/documents\/\d+$/.test(url.pathname);

export interface DocumentRow {
  id: number;
  file_id: string;
  filename: string;
  title: string;
  source_url: string;
  status: 'in_progress' | 'completed' | 'error';
  error: string | null;
  replacing_filename: string | null;
}

/** Uploads and registers one file through the real calls (upload-files, register-files), as the page's user. */
export async function addDocument(
  page: Pick<Page, 'request'>,
  file: { name: string; mimeType: string; buffer: Buffer },
  metadata: { title: string; source_url?: string },
): Promise<DocumentRow> {
  const filesData = [{ title: metadata.title, source_url: metadata.source_url ?? 'https://example.com/docs' }];
  const uploaded = await page.request.post('/api/upload-files', {
    multipart: { capability: 'upload_document', filesData: JSON.stringify(filesData), files: file },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const [stored] = ((await uploaded.json()) as { data: { rows: { file_id: string }[] } }).data.rows;
  if (!stored) throw new Error('upload-files stored no file.');
  const registered = await page.request.post('/api/register-files', { data: { filesData: [{ file_id: stored.file_id, ...filesData[0] }] } });
  expect(registered.status(), await registered.text()).toBe(200);
  const [document] = ((await registered.json()) as { data: { rows: DocumentRow[] } }).data.rows;
  if (!document) throw new Error('register-files made no document.');
  return document;
}

/** Adds a PDF by URL through the real calls (upload-url, register-files), as the page's user: a URL source (issue 55). */
export async function addDocumentByUrl(page: Pick<Page, 'request'>, url: string, title: string): Promise<DocumentRow> {
  const fetched = await page.request.post('/api/upload-url', { data: { url, title } });
  expect(fetched.status(), await fetched.text()).toBe(200);
  const [stored] = ((await fetched.json()) as { data: { rows: { file_id: string }[] } }).data.rows;
  if (!stored) throw new Error('upload-url stored no file.');
  const registered = await page.request.post('/api/register-files', { data: { filesData: [{ file_id: stored.file_id, title, source_url: url }] } });
  expect(registered.status(), await registered.text()).toBe(200);
  const [document] = ((await registered.json()) as { data: { rows: DocumentRow[] } }).data.rows;
  if (!document) throw new Error('register-files made no document.');
  return document;
}

/** A text file's upload for `addDocument`. */
export const textUpload = (name: string, content: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });

/** A PDF of test-data/pdf for `addDocument` or setInputFiles. */
export const pdfUpload = (name: string) => ({ name, mimeType: 'application/pdf', buffer: fs.readFileSync(testPdf(name)) });

/** Waits, through GET /api/documents/0, until the document has left in_progress, and answers it. */
export async function settledDocument(page: Pick<Page, 'request'>, id: number): Promise<DocumentRow> {
  let found: DocumentRow | undefined;
  await expect
    .poll(
      async () => {
        const rows = ((await (await page.request.get('/api/documents/0')).json()) as { data: { rows: DocumentRow[] } }).data.rows;
        found = rows.find((row) => row.id === id);
        return found?.status;
      },
      { timeout: INGESTION_TIMEOUT, message: `document ${id} to be indexed` },
    )
    .not.toBe('in_progress');
  if (!found) throw new Error(`Document ${id} is not on the first page.`);
  return found;
}

export interface FileServer {
  /** The URL of a served path on 127.0.0.1. */
  url(pathname: string): string;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 that answers each path with its file's bytes (404 otherwise). */
export async function serveFiles(files: Record<string, { body: Buffer; contentType: string }>): Promise<FileServer> {
  const server = http.createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The e2e `test`, plus `fileServer`: loopback file servers that are closed after the test. */
export const test = base.extend<{ fileServer: typeof serveFiles }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
  fileServer: async ({}, use) => {
    const servers: FileServer[] = [];
    await use(async (files) => {
      const server = await serveFiles(files);
      servers.push(server);
      return server;
    });
    await Promise.all(servers.map((server) => server.close()));
  },
});

export { expect };
