/**
 * The ingestion benchmark (issue 11), called by documents-bench.ts: the real PDFs of test-data/pdf, end to end
 * through the started server (upload, register, the ingestion job, polled until done), against the same files
 * read in-process (parse + chunk), with embed and index measured in-process to break the time down; and the
 * dashboard's latency while copies of the big PDFs are ingested, against idle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DocumentRow, type UploadedFileRow } from '@steward/contract/documents';
import { type Chunk, chunkSections, detectDocumentKind, documentLines, documentSections, embedChunkWindows, ensureVectorIndex, IngestError, recordModel, parseDocument, replaceChunks, writeChunkWindows } from '@steward/server/knowledge-internals';
import { DOCUMENT_INGESTION_QUEUE, migrate, openDatabase, type RunningServer, sqlRows, testDataPath } from '@steward/server/test-support';
import { answerRows, benchAdmin, benchEmbedder, browserHeaders, prepareDataDir, signIn, startBenchServer } from './bench-server.ts';
import { SUPPORT_SITE } from './dataset/product-content.ts';
import { type DashboardPair, type DocumentsBenchOptions, type IngestionResults, type ParsedFile, POLL_MS } from './documents-report.ts';
import { startMeasurement } from './measure.ts';

interface PdfFile {
  name: string;
  bytes: Buffer;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const elapsed = (started: number) => performance.now() - started;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
/** An ingestion that is not done after this is a failure of the run, not a measurement. */
const INGESTION_TIME_LIMIT_MS = 30 * 60_000;

function readTestPdfs(): PdfFile[] {
  const dir = testDataPath('pdf');
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, name)) }));
}

// ---- Ingestion ----

type ReadFile = Omit<Extract<ParsedFile, { ok: true }>, 'embedMs' | 'indexMs' | 'serverMs'>;

/** parseDocument, then clean, section and chunk (chunkSections), one file after the other, as the server's job does them. */
async function parseAll(
  files: readonly PdfFile[],
  countTokens: (text: string) => number,
): Promise<{ parsed: (ReadFile | Extract<ParsedFile, { ok: false }>)[]; chunks: Map<string, Chunk[]> }> {
  const parsed: (ReadFile | Extract<ParsedFile, { ok: false }>)[] = [];
  const chunks = new Map<string, Chunk[]>();
  for (const file of files) {
    const detected = detectDocumentKind(file.name, file.bytes.subarray(0, 8192));
    if (!detected.ok) {
      parsed.push({ name: file.name, bytes: file.bytes.byteLength, ok: false, reason: detected.reason });
      continue;
    }
    try {
      const parseStarted = performance.now();
      const pages = await parseDocument(detected.kind, file.bytes);
      const parseMs = elapsed(parseStarted);
      const chunkStarted = performance.now();
      const fileChunks = chunkSections(documentSections(documentLines(pages)), { countTokens });
      const chunkMs = elapsed(chunkStarted);
      if (fileChunks.length === 0) throw new IngestError('This document has no text to index.');
      parsed.push({ name: file.name, bytes: file.bytes.byteLength, ok: true, pages: pages.length, chunks: fileChunks.length, parseMs, chunkMs });
      chunks.set(file.name, fileChunks);
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      parsed.push({ name: file.name, bytes: file.bytes.byteLength, ok: false, reason: error.reason });
    }
  }
  return { parsed, chunks };
}

/**
 * Embeds each document's chunks window by window in one call, as the job does (knowledge.embedChunks), and
 * answers each chunk's window vectors and the time per file.
 */
async function embedAll(chunks: ReadonlyMap<string, Chunk[]>): Promise<{ vectors: Map<string, Float32Array[][]>; milliseconds: Map<string, number>; dimensions: number }> {
  const embedder = benchEmbedder();
  const dimensions = embedder.dimensions;
  if (dimensions === undefined) throw new Error('The ingestion benchmark needs an embedder of known dimensions (the built-in USE-lite).');
  try {
    const vectors = new Map<string, Float32Array[][]>();
    const milliseconds = new Map<string, number>();
    for (const [name, fileChunks] of chunks) {
      log(`  embedding ${name} (${fileChunks.length} chunks)…`);
      const started = performance.now();
      vectors.set(name, await embedChunkWindows(embedder, fileChunks));
      milliseconds.set(name, elapsed(started));
    }
    return { vectors, milliseconds, dimensions };
  } finally {
    await embedder.close();
  }
}

/** The job's write: every chunk of a document and its status in one transaction, then the chunks' window vectors, into a scratch embedded database with the HNSW index. */
async function indexAll(chunks: ReadonlyMap<string, Chunk[]>, vectors: ReadonlyMap<string, Float32Array[][]>, dimensions: number): Promise<Map<string, number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-bench-index-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(database, { info: () => undefined, warn: log });
    const { generation } = await recordModel(database.db, { model: 'bench', dimensions });
    await ensureVectorIndex(database.db, generation, dimensions);
    const milliseconds = new Map<string, number>();
    for (const [name, fileChunks] of chunks) {
      const fileVectors = vectors.get(name) ?? [];
      const inserted = await sqlRows<{ id: number }>(database.db, sql`
        INSERT INTO documents (file_id, filename, title, source_url, uploaded_by) VALUES (${`bench-${name}`}, ${name}, ${name}, ${`${SUPPORT_SITE}/${name}`}, 'bench')
        RETURNING id`);
      const documentId = inserted[0]?.id;
      if (documentId === undefined) throw new Error('The scratch document was not inserted.');
      const started = performance.now();
      const windows = await database.db.transaction(async (tx) => {
        const written = await replaceChunks(tx, { documentId }, fileChunks.map((chunk, i) => ({ index: chunk.index, page: chunk.page, pageEnd: chunk.pageEnd, heading: chunk.heading, text: chunk.text, startsSection: chunk.startsSection, windowEmbeddings: fileVectors[i] })), 1);
        await tx.execute(sql`UPDATE documents SET status = 'completed', error_message = NULL WHERE id = ${documentId}`);
        return written;
      });
      await writeChunkWindows(database.db, windows);
      milliseconds.set(name, elapsed(started));
    }
    return milliseconds;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Each document's ingestion job on the server, from the jobs table: the documents lane runs one job
 * at a time, so a job took from the end of the one before it (or from `since`) to its finished_at.
 */
async function serverJobTimes(server: RunningServer, ids: ReadonlyMap<number, string>, since: number): Promise<{ perFile: Map<string, number>; lastFinished: number }> {
  const rows = await sqlRows<{ document_id: string; finished_at: Date | string | null }>(server.database.db, sql`
    SELECT payload->>'documentId' AS document_id, finished_at FROM jobs
    WHERE queue = ${DOCUMENT_INGESTION_QUEUE} AND (payload->>'documentId')::int IN (${sql.join([...ids.keys()].map((id) => sql`${id}`), sql`, `)})
    ORDER BY finished_at`);
  const perFile = new Map<string, number>();
  let previous = since;
  for (const row of rows) {
    if (row.finished_at === null) throw new Error(`The job of document ${row.document_id} has not finished.`);
    const finished = new Date(row.finished_at).getTime();
    perFile.set(ids.get(Number(row.document_id)) ?? row.document_id, finished - previous);
    previous = finished;
  }
  return { perFile, lastFinished: previous };
}

/** POST /api/upload-files (filesData, then the files) and POST /api/register-files, as the Documents screen sends them. */
async function uploadAndRegister(url: string, cookie: string, files: readonly PdfFile[]): Promise<{ ids: Map<number, string>; uploadMs: number; registerMs: number }> {
  const form = new FormData();
  form.append('capability', 'upload_document');
  form.append('filesData', JSON.stringify(files.map((file) => ({ title: `Bench ${file.name}`, source_url: `${SUPPORT_SITE}/bench/${encodeURIComponent(file.name)}` }))));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const uploadStarted = performance.now();
  const uploaded = await answerRows<UploadedFileRow>(
    await fetch(`${url}/api/upload-files`, { method: 'POST', headers: browserHeaders(url, cookie), body: form }),
    'POST /api/upload-files',
  );
  const uploadMs = elapsed(uploadStarted);
  const registerStarted = performance.now();
  const registered = await answerRows<DocumentRow>(
    await fetch(`${url}/api/register-files`, {
      method: 'POST',
      headers: { ...browserHeaders(url, cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ filesData: uploaded }),
    }),
    'POST /api/register-files',
  );
  const registerMs = elapsed(registerStarted);
  if (registered.length !== files.length) throw new Error(`register-files answered ${registered.length} documents for ${files.length} files.`);
  // Each file's own name (copies are renamed), so a document's filename says which file it is.
  return { ids: new Map(registered.map((row) => [row.id, row.filename])), uploadMs, registerMs };
}

/**
 * Polls GET /api/documents/{page} (every page the documents are on) until none of `ids` is in progress,
 * then the jobs table until their ingestion jobs have finished: a document's status says completed when its
 * chunks are in, and its job writes their vectors after that.
 */
async function waitUntilDone(server: RunningServer, cookie: string, ids: ReadonlySet<number>): Promise<Map<number, DocumentRow>> {
  const deadline = performance.now() + INGESTION_TIME_LIMIT_MS;
  const tooLong = () => {
    if (performance.now() > deadline) throw new Error('The documents were still being indexed after 30 minutes.');
  };
  for (;;) {
    const seen = new Map<number, DocumentRow>();
    for (let page = 0; seen.size < ids.size; page += 1) {
      const rows = await answerRows<DocumentRow>(await fetch(`${server.url}/api/documents/${page}`, { headers: { cookie } }), 'GET /api/documents');
      if (rows.length === 0) break;
      for (const row of rows) if (ids.has(row.id)) seen.set(row.id, row);
    }
    if (seen.size < ids.size) throw new Error(`Only ${seen.size} of ${ids.size} documents are listed.`);
    if ([...seen.values()].every((row) => row.status !== 'in_progress')) {
      for (;;) {
        const [running] = await sqlRows<{ jobs: string | number }>(server.database.db, sql`
          SELECT count(*) AS jobs FROM jobs
          WHERE queue = ${DOCUMENT_INGESTION_QUEUE} AND finished_at IS NULL
            AND (payload->>'documentId')::int IN (${sql.join([...ids].map((id) => sql`${id}`), sql`, `)})`);
        if (Number(running?.jobs ?? 0) === 0) return seen;
        tooLong();
        await sleep(POLL_MS);
      }
    }
    tooLong();
    await sleep(POLL_MS);
  }
}

/** Both dashboard calls at once, for the set duration or until `stop` is called. */
function startDashboardLoad(server: RunningServer, cookie: string, connections: number, durationSeconds: number) {
  const run = (call: string) => startMeasurement({ url: `${server.url}${call}`, connections, durationSeconds, headers: { cookie } });
  const authenticateUser = run('/api/authenticate-user');
  const historyPage1 = run('/api/all-history/0');
  return {
    stop: () => {
      authenticateUser.stop();
      historyPage1.stop();
    },
    result: async (): Promise<DashboardPair> => ({ authenticateUser: await authenticateUser.result, historyPage1: await historyPage1.result }),
  };
}

export async function benchmarkIngestion(options: DocumentsBenchOptions): Promise<IngestionResults> {
  const files = readTestPdfs();
  log(`Documents: ${files.length} PDFs from test-data/pdf; reading them in-process (a warm-up pass, then the measured one)…`);
  const inProcessLoad = os.loadavg()[0] ?? 0;
  const tokenizer = benchEmbedder();
  await parseAll(files, tokenizer.countTokens);
  const { parsed, chunks } = await parseAll(files, tokenizer.countTokens);
  await tokenizer.close();
  const readable = files.filter((file) => chunks.has(file.name));
  const refused = files.filter((file) => !chunks.has(file.name));
  log('  embedding their chunks in-process…');
  const embedded = await embedAll(chunks);
  log('  writing them into a scratch database…');
  const indexed = await indexAll(chunks, embedded.vectors, embedded.dimensions);

  log(`  preparing a data dir with ${options.historyRows.toLocaleString('en-US')} history rows and starting the server…`);
  const { dataDir } = await prepareDataDir(options.historyRows);
  const server = await startBenchServer(dataDir);
  try {
    const viewer = await signIn(server.url);
    const admin = await signIn(server.url, benchAdmin);
    log('  the dashboard, idle…');
    // A short unmeasured run first, so the idle figures are not the server's first requests.
    await startDashboardLoad(server, viewer, options.dashboardConnections, 2).result();
    const idleLoad = os.loadavg()[0] ?? 0;
    const idle = await startDashboardLoad(server, viewer, options.dashboardConnections, options.durationSeconds).result();

    log(`  end to end: uploading ${readable.length} readable PDFs and waiting for their ingestion…`);
    const endToEndLoad = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const { ids, uploadMs, registerMs } = await uploadAndRegister(server.url, admin, readable);
    const registered = Date.now();
    const done = await waitUntilDone(server, admin, new Set(ids.keys()));
    const totalMs = elapsed(started);
    const sawDone = Date.now();
    const failures = [...done.values()]
      .filter((row) => row.status !== 'completed')
      .map((row) => ({ name: ids.get(row.id) ?? row.filename, reason: row.error ?? row.status }));
    const written = await sqlRows<{ chunks: string | number }>(server.database.db, sql`
      SELECT count(*) AS chunks FROM knowledge_chunks WHERE document_id IN (${sql.join([...ids.keys()].map((id) => sql`${id}`), sql`, `)})`);
    const jobs = await serverJobTimes(server, ids, registered);

    log(`  the ${refused.length} refused PDFs through the server…`);
    const refusedIds = refused.length > 0 ? (await uploadAndRegister(server.url, admin, refused)).ids : new Map<number, string>();
    const refusedRows = refusedIds.size > 0 ? await waitUntilDone(server, admin, new Set(refusedIds.keys())) : new Map<number, DocumentRow>();
    const serverReasons = [...refusedRows.values()].map((row) => ({ name: refusedIds.get(row.id) ?? row.filename, reason: row.error ?? row.status }));

    const biggest = [...readable].sort((a, b) => b.bytes.byteLength - a.bytes.byteLength).slice(0, 3);
    const copies = Array.from({ length: options.ingestionCopies }, (_, copy) => biggest.map((file) => ({ ...file, name: file.name.replace(/\.pdf$/i, `-copy${copy + 1}.pdf`) }))).flat();
    log(`  the dashboard while ${copies.length} copies of ${biggest.map((file) => file.name).join(', ')} are ingested…`);
    const dashboardLoad = os.loadavg()[0] ?? 0;
    const loadStarted = performance.now();
    const loadIds = new Set<number>();
    for (let start = 0; start < copies.length; start += 20) {
      for (const id of (await uploadAndRegister(server.url, admin, copies.slice(start, start + 20))).ids.keys()) loadIds.add(id);
    }
    // Long enough for any ingestion; stopped as soon as the documents are done.
    const busyLoad = startDashboardLoad(server, viewer, options.dashboardConnections, INGESTION_TIME_LIMIT_MS / 1000);
    await waitUntilDone(server, admin, loadIds);
    const loadMs = elapsed(loadStarted);
    busyLoad.stop();
    const duringIngestion = await busyLoad.result();
    log('  the dashboard, idle again…');
    const idleAfterLoad = os.loadavg()[0] ?? 0;
    const idleAfter = await startDashboardLoad(server, viewer, options.dashboardConnections, options.durationSeconds).result();

    return {
      files: parsed.map((file): ParsedFile =>
        file.ok
          ? { ...file, embedMs: embedded.milliseconds.get(file.name) ?? 0, indexMs: indexed.get(file.name) ?? 0, serverMs: jobs.perFile.get(file.name) ?? 0 }
          : file,
      ),
      endToEnd: { totalMs, uploadMs, registerMs, afterLastJobMs: sawDone - jobs.lastFinished, chunks: Number(written[0]?.chunks ?? 0), failures },
      serverReasons,
      dashboard: {
        connections: options.dashboardConnections,
        phases: [
          { name: 'idle, before', loadAverage: idleLoad, calls: idle },
          { name: 'ingesting', loadAverage: dashboardLoad, calls: duringIngestion },
          { name: 'idle, after', loadAverage: idleAfterLoad, calls: idleAfter },
        ],
        ingestion: { documents: copies.length, bytes: copies.reduce((sum, file) => sum + file.bytes.byteLength, 0), totalMs: loadMs },
      },
      loadAverages: { inProcess: inProcessLoad, endToEnd: endToEndLoad },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
