import fs from 'node:fs';
import path from 'node:path';

/** The public-domain texts `npm run demo` gives the bot (bench/demo-documents, see its README). */
export const DEMO_DOCUMENTS = [
  { file: 'bill-of-rights.txt', title: 'The Bill of Rights', source_url: 'https://www.archives.gov/founding-docs/bill-of-rights-transcript' },
  { file: 'declaration-of-independence.txt', title: 'The Declaration of Independence', source_url: 'https://www.archives.gov/founding-docs/declaration-transcript' },
  { file: 'gettysburg-address.txt', title: 'The Gettysburg Address', source_url: 'https://www.loc.gov/exhibits/gettysburg-address/' },
] as const;

const DOCUMENTS_DIR = path.resolve(import.meta.dirname, '..', 'demo-documents');
const INDEXING_TIMEOUT_MS = 180_000;

interface ListedDocument {
  title: string;
  status: 'in_progress' | 'completed' | 'error';
  error: string | null;
}

/**
 * A staff member's session over HTTP, as the dashboard holds one: the session cookie, and the
 * same-origin headers the server's CSRF check expects of a browser.
 */
export async function signInOverHttp(url: string, email: string, password: string): Promise<Record<string, string>> {
  const browserHeaders = { origin: url, 'sec-fetch-site': 'same-origin' };
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { ...browserHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = answer.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  if (!answer.ok || cookie === '') throw new Error(`Signing in as ${email} answered ${answer.status}.`);
  return { ...browserHeaders, cookie };
}

async function listDocuments(url: string, headers: Record<string, string>): Promise<ListedDocument[]> {
  const answer = await fetch(`${url}/api/documents/0`, { headers });
  const body = (await answer.json()) as { data?: { rows?: ListedDocument[] }; error?: { message?: string } };
  if (!answer.ok) throw new Error(`GET /api/documents/0 answered ${answer.status}: ${body.error?.message ?? ''}`);
  return body.data?.rows ?? [];
}

/**
 * Uploads the demo documents through the real calls (upload-files, then register-files, as the
 * Documents screen does) when the knowledge has no document yet, and waits until they are indexed.
 */
export async function ingestDemoDocuments(url: string, headers: Record<string, string>): Promise<void> {
  if ((await listDocuments(url, headers)).length > 0) return;
  process.stdout.write(`Uploading ${DEMO_DOCUMENTS.length} public-domain documents for the bot (bench/demo-documents)…\n`);
  const form = new FormData();
  form.append('capability', 'upload_document');
  form.append('filesData', JSON.stringify(DEMO_DOCUMENTS.map(({ title, source_url }) => ({ title, source_url }))));
  for (const document of DEMO_DOCUMENTS) {
    form.append('files', new Blob([fs.readFileSync(path.join(DOCUMENTS_DIR, document.file))], { type: 'text/plain' }), document.file);
  }
  const uploaded = await fetch(`${url}/api/upload-files`, { method: 'POST', headers, body: form });
  const stored = (await uploaded.json()) as { data?: { rows?: unknown[] }; error?: { message?: string } };
  if (!uploaded.ok) throw new Error(`POST /api/upload-files answered ${uploaded.status}: ${stored.error?.message ?? ''}`);
  const registered = await fetch(`${url}/api/register-files`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ filesData: stored.data?.rows ?? [] }),
  });
  if (!registered.ok) throw new Error(`POST /api/register-files answered ${registered.status}: ${await registered.text()}`);

  const deadline = Date.now() + INDEXING_TIMEOUT_MS;
  for (;;) {
    const documents = await listDocuments(url, headers);
    const failed = documents.filter((document) => document.status === 'error');
    if (failed.length > 0) throw new Error(`Indexing failed: ${failed.map((document) => `${document.title}: ${document.error ?? ''}`).join('; ')}`);
    if (documents.every((document) => document.status === 'completed')) break;
    if (Date.now() > deadline) throw new Error('The demo documents were not indexed within 3 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  process.stdout.write('  indexed: the bot answers from them.\n');
}
