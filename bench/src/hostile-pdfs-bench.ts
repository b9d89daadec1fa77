/**
 * The hostile-PDF bench (issue 38): a 1 GiB decompression bomb and a 20,000-page PDF uploaded to the shipped
 * server (in a process of its own, forkBenchServer), with the server's resident set before and at its peak
 * while they are read, then an ordinary PDF after them. Each PDF is read in a child process under the
 * operating system's limits, so the server's own memory should not follow the bomb.
 */
import { type DocumentRow, type UploadedFileRow } from '@steward/contract/documents';
import { buildInflateBombPdf, buildManyPagesPdf, buildTestPdf } from '@steward/server/test-support';
import { benchAdmin, forkBenchServer, prepareDataDir, signIn } from './bench-server.ts';
import type { ServerMemory } from './server-process-messages.ts';

export interface HostilePdfResults {
  /** The server's memory after an ordinary PDF was ingested (its peak so far included), and after the bomb. */
  before: ServerMemory;
  after: ServerMemory;
  /** Each file's final status and reason, by name. */
  outcomes: { name: string; status: string; reason: string | null }[];
  milliseconds: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const TIME_LIMIT_MS = 10 * 60_000;

async function rows<Row>(response: Response, call: string): Promise<Row[]> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data?: { rows?: Row[] } }).data?.rows ?? [];
}

/** Uploads and registers `files` as the Documents screen does, then polls until none is in progress. */
export async function ingest(url: string, cookie: string, files: readonly { name: string; bytes: Buffer }[]): Promise<DocumentRow[]> {
  const headers = { cookie, origin: url, 'sec-fetch-site': 'same-origin' };
  const form = new FormData();
  form.append('filesData', JSON.stringify(files.map((file) => ({ title: file.name, source_url: `https://shop.example.com/${file.name}` }))));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const uploaded = await rows<UploadedFileRow>(await fetch(`${url}/api/upload-files`, { method: 'POST', headers, body: form }), 'POST /api/upload-files');
  const registered = await rows<DocumentRow>(
    await fetch(`${url}/api/register-files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ filesData: uploaded }),
    }),
    'POST /api/register-files',
  );
  const ids = new Set(registered.map((row) => row.id));
  const started = performance.now();
  for (;;) {
    const listed = (await rows<DocumentRow>(await fetch(`${url}/api/documents/0`, { headers: { cookie } }), 'GET /api/documents')).filter((row) => ids.has(row.id));
    if (listed.length === ids.size && listed.every((row) => row.status !== 'in_progress')) return listed;
    if (performance.now() - started > TIME_LIMIT_MS) throw new Error('The PDFs were still being read after 10 minutes.');
    await sleep(250);
  }
}

const ordinaryPdf = (name: string) => ({ name, bytes: buildTestPdf([`An ordinary document (${name}).`]) });

/**
 * An ordinary PDF first (so the embedding model is loaded and counted before), the server's memory, the two
 * hostile files, its memory again, and an ordinary PDF after them.
 */
export async function benchmarkHostilePdfs(): Promise<HostilePdfResults> {
  log('Hostile PDFs: an ordinary PDF, then a 1 GiB decompression bomb and a 20,000-page file, then an ordinary one…');
  const bombFile = { name: 'bomb-1gib.pdf', bytes: await buildInflateBombPdf(1024 * 1024 * 1024) };
  const pagesFile = { name: 'pages-20000.pdf', bytes: buildManyPagesPdf(20_000) };
  const { dataDir } = await prepareDataDir(1000);
  const server = await forkBenchServer(dataDir);
  try {
    const cookie = await signIn(server.url, benchAdmin);
    const first = await ingest(server.url, cookie, [ordinaryPdf('before.pdf')]);
    const before = await server.memory();
    const started = performance.now();
    const bomb = await ingest(server.url, cookie, [bombFile]);
    const milliseconds = performance.now() - started;
    const after = await server.memory();
    // The 20,000-page file is a processor-time hazard, 5.5 MB on disk: its memory is that of any 5.5 MB upload.
    const pages = await ingest(server.url, cookie, [pagesFile]);
    const last = await ingest(server.url, cookie, [ordinaryPdf('after.pdf')]);
    const outcomes = [...first, ...bomb, ...pages, ...last].map((row) => ({ name: row.filename, status: row.status, reason: row.error }));
    return { before, after, outcomes, milliseconds };
  } finally {
    await server.stop();
  }
}

/** The detail table of the run. */
export function hostilePdfsMarkdown(results: HostilePdfResults): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    '#### Hostile PDFs',
    '',
    `The server's RSS: ${mb(results.before.rssBytes)} before the hostile files (its peak so far ${mb(results.before.peakBytes)}, an ordinary PDF ingested), at most ${mb(results.after.peakBytes)} once the bomb was read (${(results.milliseconds / 1000).toFixed(1)} s), ${mb(results.after.rssBytes)} after it.`,
    '',
    '| file | status | reason |',
    '| --- | --- | --- |',
    ...results.outcomes.map((outcome) => `| ${outcome.name} | ${outcome.status} | ${outcome.reason ?? ''} |`),
  ].join('\n');
}
