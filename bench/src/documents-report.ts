/** What the documents benchmark measured (documents-bench.ts), and its markdown. Pure: no I/O. */
import type { Measurement } from './measure.ts';

/** One PDF of shared/testdata/pdf read in-process: parseDocument, then chunkPages with the embedder's tokenizer. */
export type ParsedFile =
  | { name: string; bytes: number; ok: true; pages: number; chunks: number; parseMs: number; chunkMs: number }
  | { name: string; bytes: number; ok: false; reason: string };

export interface IngestionResults {
  /** The measured parse-only pass (a first, identical pass warmed up the workers and the tokenizer). */
  files: ParsedFile[];
  /** Embedding every chunk of the readable files in-process, document by document, with the server's embedder. */
  embedMs: number;
  /** Writing their chunks and vectors in one transaction per document (replaceChunks), in a scratch database with the HNSW index. */
  indexMs: number;
  endToEnd: {
    /** From the first byte of the upload until a poll of GET /api/documents showed every document done. */
    totalMs: number;
    uploadMs: number;
    registerMs: number;
    /** Chunks the server wrote for the documents (counted in its database afterwards). */
    chunks: number;
    /** Documents that did not end completed: name and the server's reason. */
    failures: { name: string; reason: string }[];
  };
  /** The files the parse-only pass refused, sent through the server too: the reason its documents ended with. */
  serverReasons: { name: string; reason: string }[];
  dashboard: {
    connections: number;
    idle: DashboardPair;
    duringIngestion: DashboardPair;
    /** What was ingested meanwhile: copies of the biggest readable PDFs. */
    ingestion: { documents: number; bytes: number; totalMs: number };
  };
}

export interface DashboardPair {
  authenticateUser: Measurement;
  historyPage1: Measurement;
}

export interface RetrievalResults {
  knowledge: { documents: number; chunks: number; averageChars: number; loadMs: number; vectorIndexMs: number; model: string; dimensions: number };
  questions: number;
  /** Keyed by the number of connections. */
  runs: { connections: number; historyPage1: Measurement; search: Measurement }[];
  /** In-process, one call at a time, on the server's own database and embedder while it is idle. */
  breakdown: {
    queryEmbeddingP50Ms: number;
    databaseSearchP50Ms: number;
    fullTextOnlyP50Ms: number;
    /** The vector side's query alone (ORDER BY distance LIMIT 50 on the HNSW index). */
    vectorOnlyP50Ms: number;
    /** Rows the vector side of the query gave (it asks for 50). */
    vectorCandidates: number;
    /** Whether the plan of the vector side scans the HNSW index. */
    usesVectorIndex: boolean;
  };
}

export const INGESTION_RATIO_TARGET = 2;
/** How often documents-bench.ts polls GET /api/documents while waiting for an ingestion. */
export const POLL_MS = 250;
const POLL_MS_TEXT = `${POLL_MS} ms`;
export const RETRIEVAL_RATIO_TARGET = 3;

/** The median (or another percentile) of samples, by nearest rank. */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new RangeError('No samples.');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] as number;
}

/** MB (10^6 bytes) and chunks per second of wall time. */
export function rates(bytes: number, chunks: number, milliseconds: number): { mbPerSecond: number; chunksPerSecond: number } {
  const seconds = milliseconds / 1000;
  return seconds > 0 ? { mbPerSecond: bytes / 1e6 / seconds, chunksPerSecond: chunks / seconds } : { mbPerSecond: 0, chunksPerSecond: 0 };
}

export const verdict = (ratio: number, target: number): 'PASS' | 'FAIL' => (ratio <= target ? 'PASS' : 'FAIL');

const readable = (files: readonly ParsedFile[]) => files.filter((file): file is Extract<ParsedFile, { ok: true }> => file.ok);

/** The parse-only sums and the end-to-end ratio the issue sets a target for. */
export function ingestionSummary(results: IngestionResults) {
  const files = readable(results.files);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const chunks = files.reduce((sum, file) => sum + file.chunks, 0);
  const parseMs = files.reduce((sum, file) => sum + file.parseMs, 0);
  const chunkMs = files.reduce((sum, file) => sum + file.chunkMs, 0);
  const { totalMs, uploadMs, registerMs } = results.endToEnd;
  const restMs = totalMs - uploadMs - registerMs - parseMs - chunkMs - results.embedMs - results.indexMs;
  return {
    files: files.length,
    bytes,
    chunks,
    parseMs,
    chunkMs,
    restMs,
    endToEnd: rates(bytes, results.endToEnd.chunks, totalMs),
    parseOnly: rates(bytes, chunks, parseMs + chunkMs),
    ratio: totalMs / (parseMs + chunkMs),
    ratioWithoutEmbedding: (totalMs - results.embedMs) / (parseMs + chunkMs),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const times = (value: number) => `${value.toFixed(2)}×`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const count = (value: number) => value.toLocaleString('en-US');

export function ingestionMarkdown(results: IngestionResults): string {
  const summary = ingestionSummary(results);
  const { endToEnd, dashboard } = results;
  const share = (part: number) => `${((part / endToEnd.totalMs) * 100).toFixed(0)} %`;
  const lines = [
    `### Documents: ingestion of the real PDFs (shared/testdata/pdf)`,
    '',
    `${summary.files} readable PDFs, ${mb(summary.bytes)}, ${count(summary.chunks)} chunks; ` +
      `${results.files.length - summary.files} refused (not counted). One server, embedded PGlite, USE-lite embeddings.`,
    '',
    '| file | size | pages | chunks | parse ms | chunk ms | in-process result |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.files.map((file) =>
      file.ok
        ? `| ${file.name} | ${count(file.bytes)} B | ${file.pages} | ${file.chunks} | ${ms(file.parseMs)} | ${ms(file.chunkMs)} | read |`
        : `| ${file.name} | ${count(file.bytes)} B | | | | | refused: ${file.reason} |`,
    ),
    '',
    '| step | time | share of end to end |',
    '|---|---:|---:|',
    `| **end to end**: upload + register over HTTP, ingestion job, polled until every document is done | **${seconds(endToEnd.totalMs)}** | 100 % |`,
    `| upload (POST /api/upload-files, one multipart request) | ${seconds(endToEnd.uploadMs)} | ${share(endToEnd.uploadMs)} |`,
    `| register (POST /api/register-files) | ${seconds(endToEnd.registerMs)} | ${share(endToEnd.registerMs)} |`,
    `| parse (parseDocument, PDF worker), in-process | ${seconds(summary.parseMs)} | ${share(summary.parseMs)} |`,
    `| chunk (chunkPages, USE-lite tokenizer), in-process | ${seconds(summary.chunkMs)} | ${share(summary.chunkMs)} |`,
    `| embed (USE-lite worker, batches of 16), in-process | ${seconds(results.embedMs)} | ${share(results.embedMs)} |`,
    `| index (replaceChunks + status in one transaction, HNSW), scratch database | ${seconds(results.indexMs)} | ${share(results.indexMs)} |`,
    `| rest: the difference (job pick-up, reading the originals, polling every ${POLL_MS_TEXT}, and the noise between the in-process runs and the server's) | ${seconds(summary.restMs)} | ${share(summary.restMs)} |`,
    '',
    `End to end: **${summary.endToEnd.mbPerSecond.toFixed(3)} MB/s, ${summary.endToEnd.chunksPerSecond.toFixed(1)} chunks/s** ` +
      `(${count(endToEnd.chunks)} chunks written by the server). Parse-only (parse + chunk): ${summary.parseOnly.mbPerSecond.toFixed(2)} MB/s, ` +
      `${summary.parseOnly.chunksPerSecond.toFixed(0)} chunks/s.`,
    '',
    `**End to end ÷ parse-only (parse + chunk): ${times(summary.ratio)} (target ≤ ${INGESTION_RATIO_TARGET}×): ${verdict(summary.ratio, INGESTION_RATIO_TARGET)}.** ` +
      `Without the embedding time it would be ${times(summary.ratioWithoutEmbedding)}.`,
  ];
  if (endToEnd.failures.length > 0) {
    lines.push('', `Documents that did not complete: ${endToEnd.failures.map((failure) => `${failure.name} (${failure.reason})`).join('; ')}.`);
  }
  if (results.serverReasons.length > 0) {
    lines.push('', `Refused files through the server: ${results.serverReasons.map((refusal) => `${refusal.name} → "${refusal.reason}"`).join('; ')}.`);
  }
  const row = (name: string, idle: Measurement, during: Measurement) =>
    `| ${name} | ${ms(idle.p50)} | ${ms(idle.p99)} | ${ms(idle.max)} | ${ms(during.p50)} | ${ms(during.p99)} | ${ms(during.max)} | ${during.requestsPerSecond.toFixed(0)} | ${times(during.p99 / idle.p99)} |`;
  lines.push(
    '',
    `### Documents: the dashboard while documents are ingested`,
    '',
    `${dashboard.connections} connections on each call, both calls at once; idle for the set duration, then for the whole of an ingestion of ` +
      `${dashboard.ingestion.documents} documents (${mb(dashboard.ingestion.bytes)}), which took ${seconds(dashboard.ingestion.totalMs)} under this load.`,
    '',
    '| call | idle p50 ms | idle p99 ms | idle max ms | ingesting p50 ms | ingesting p99 ms | ingesting max ms | ingesting req/s | p99 ingesting ÷ idle |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row('GET /api/authenticate-user', dashboard.idle.authenticateUser, dashboard.duringIngestion.authenticateUser),
    row('GET /api/all-history: page 1', dashboard.idle.historyPage1, dashboard.duringIngestion.historyPage1),
  );
  return lines.join('\n');
}

export function retrievalMarkdown(results: RetrievalResults): string {
  const { knowledge, breakdown } = results;
  const lines = [
    `### Documents: retrieval at ${count(knowledge.chunks)} chunks`,
    '',
    `${count(knowledge.chunks)} generated chunks (${count(knowledge.documents)} manuals, ${knowledge.averageChars.toFixed(0)} characters on average) with ` +
      `${knowledge.dimensions}-number vectors recorded as ${knowledge.model}; loaded in ${seconds(knowledge.loadMs)}, HNSW index built in ` +
      `${seconds(knowledge.vectorIndexMs)}. Search: ${results.questions} questions in turn, k = 5, each embedded by the real embedder.`,
    '',
    '| call | connections | p50 ms | p99 ms | req/s | timeouts |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const run of results.runs) {
    for (const [name, measurement] of [
      ['GET /api/all-history: page 1', run.historyPage1],
      ['POST /api/knowledge/search', run.search],
    ] as const) {
      lines.push(`| ${name} | ${run.connections} | ${ms(measurement.p50)} | ${ms(measurement.p99)} | ${measurement.requestsPerSecond.toFixed(0)} | ${measurement.timeouts} |`);
    }
  }
  lines.push('');
  for (const run of results.runs) {
    const ratio = run.search.p50 / run.historyPage1.p50;
    lines.push(
      `**Search p50 ÷ history page 1 p50 at ${run.connections} connection${run.connections === 1 ? '' : 's'}: ${times(ratio)} ` +
        `(target ≤ ${RETRIEVAL_RATIO_TARGET}×): ${verdict(ratio, RETRIEVAL_RATIO_TARGET)}.**`,
      '',
    );
  }
  lines.push(
    `One search at a time, in-process: embedding the question ${ms(breakdown.queryEmbeddingP50Ms)} ms p50; the database query ` +
      `(vector + full text, fused) ${ms(breakdown.databaseSearchP50Ms)} ms p50; the search without a question vector (full text alone) ` +
      `${ms(breakdown.fullTextOnlyP50Ms)} ms, the vector side's query alone ${ms(breakdown.vectorOnlyP50Ms)} ms. ` +
      `The vector side ${breakdown.usesVectorIndex ? 'scans the HNSW index' : 'does NOT use the HNSW index'} and gave ${breakdown.vectorCandidates} candidates (50 asked).`,
  );
  return lines.join('\n');
}
