/** The documents benchmarks' options, what they measured (documents-bench.ts) and its markdown. Pure: no I/O. */
import { WINDOWS_PER_TRANSACTION } from '@steward/server/knowledge-internals';
import type { Measurement } from './measure.ts';

/** How the documents benchmarks run (run-benchmarks.ts sets it from BENCH_* variables). */
export interface DocumentsBenchOptions {
  /** History rows in each data dir, so the dashboard calls read a realistic list. */
  historyRows: number;
  knowledgeChunks: number;
  durationSeconds: number;
  /** Rounds the retrieval's two calls are measured in (measureInRounds). */
  rounds: number;
  connections: number;
  /** Connections on each dashboard call while documents are ingested (and idle, to compare). */
  dashboardConnections: number;
  /** Copies of each of the three biggest readable PDFs ingested while the dashboard is measured. */
  ingestionCopies: number;
}

/**
 * One PDF of test-data/pdf. In-process, one file after the other as the server's job does
 * them: parseDocument, chunkPages with the embedder's tokenizer, embedding every chunk with the
 * server's embedder, and writing them (replaceChunks and the status in one transaction, then the windows) into a
 * scratch database with the HNSW index. `serverMs` is the same file's ingestion job on the server.
 */
export type ParsedFile =
  | {
      name: string;
      bytes: number;
      ok: true;
      pages: number;
      chunks: number;
      parseMs: number;
      chunkMs: number;
      embedMs: number;
      indexMs: number;
      /** From the end of the job before it (or of POST /api/register-files) to its own finished_at in the jobs table. */
      serverMs: number;
    }
  | { name: string; bytes: number; ok: false; reason: string };

export interface IngestionResults {
  /** The measured in-process pass (a first, identical parse pass warmed up the workers and the tokenizer). */
  files: ParsedFile[];
  endToEnd: {
    /** From the first byte of the upload until a poll of GET /api/documents showed every document done. */
    totalMs: number;
    uploadMs: number;
    registerMs: number;
    /** From the last job's finished_at until the poll that saw it done. */
    afterLastJobMs: number;
    /** Chunks the server wrote for the documents (counted in its database afterwards). */
    chunks: number;
    /** Documents that did not end completed: name and the server's reason. */
    failures: { name: string; reason: string }[];
  };
  /** The files the in-process pass refused, sent through the server too: the reason its documents ended with. */
  serverReasons: { name: string; reason: string }[];
  dashboard: {
    connections: number;
    /** Idle before the ingestion, during it, and idle again after it (so a drift of the machine's load shows). */
    phases: { name: 'idle, before' | 'ingesting' | 'idle, after'; loadAverage: number; calls: DashboardPair }[];
    /** What was ingested meanwhile: copies of the biggest readable PDFs. */
    ingestion: { documents: number; bytes: number; totalMs: number };
  };
  /** The machine's 1-minute load average when each part started: the machine is shared. */
  loadAverages: { inProcess: number; endToEnd: number };
}

export interface DashboardPair {
  authenticateUser: Measurement;
  historyPage1: Measurement;
}

export interface RetrievalResults {
  knowledge: { documents: number; chunks: number; windows: number; averageChars: number; loadMs: number; vectorIndexMs: number; model: string; dimensions: number };
  questions: number;
  /** The machine's 1-minute load average when the measurements started (it is shared). */
  loadAverage: number;
  /** Keyed by the number of connections. */
  runs: { connections: number; historyPage1: Measurement; search: Measurement }[];
  /** In-process, one call at a time, on the server's own database and embedder while it is idle. */
  breakdown: {
    queryEmbeddingP50Ms: number;
    databaseSearchP50Ms: number;
    fullTextOnlyP50Ms: number;
    /** The vector side's query alone (ORDER BY distance LIMIT 50 on the HNSW index). */
    vectorOnlyP50Ms: number;
    /** Chunks the full-text side ranks for each question: every chunk holding any of its words. */
    fullTextMatches: number[];
    /** The most chunks the full-text side fetches and ranks (searchKnowledge's RANKED_MATCHES). */
    rankedMatches: number;
    /** The nearest windows the vector side reads (searchKnowledge's WINDOW_CANDIDATES). */
    windowCandidates: number;
    /** Chunks the vector side of the query gave: those of its nearest windows, at most 50. */
    vectorCandidates: number;
    /** Whether the plan of the vector side scans the HNSW index. */
    usesVectorIndex: boolean;
  };
}

export const INGESTION_RATIO_TARGET = 2;
/** How often ingestion-bench.ts polls GET /api/documents while waiting for an ingestion. */
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

/** The sums over the readable files, and the end-to-end ratio the issue sets a target for. */
export function ingestionSummary(results: IngestionResults) {
  const files = readable(results.files);
  const sum = (pick: (file: (typeof files)[number]) => number) => files.reduce((total, file) => total + pick(file), 0);
  const bytes = sum((file) => file.bytes);
  const chunks = sum((file) => file.chunks);
  const parseMs = sum((file) => file.parseMs);
  const chunkMs = sum((file) => file.chunkMs);
  const embedMs = sum((file) => file.embedMs);
  const indexMs = sum((file) => file.indexMs);
  const serverMs = sum((file) => file.serverMs);
  const { totalMs } = results.endToEnd;
  return {
    files: files.length,
    bytes,
    chunks,
    parseMs,
    chunkMs,
    embedMs,
    indexMs,
    inProcessMs: parseMs + chunkMs + embedMs + indexMs,
    serverMs,
    endToEnd: rates(bytes, results.endToEnd.chunks, totalMs),
    parseOnly: rates(bytes, chunks, parseMs + chunkMs),
    ratio: totalMs / (parseMs + chunkMs),
    /** Issue 42's ingestion target: end to end ÷ the in-process parse + chunk + embed, our overhead around the model. */
    overhead: totalMs / (parseMs + chunkMs + embedMs),
    embedShare: embedMs / (parseMs + chunkMs + embedMs + indexMs),
  };
}

const average = (values: readonly number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const times = (value: number) => `${value.toFixed(2)}×`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const count = (value: number) => value.toLocaleString('en-US');

export function ingestionMarkdown(results: IngestionResults): string {
  const summary = ingestionSummary(results);
  const { endToEnd, dashboard, loadAverages } = results;
  const share = (part: number) => `${((part / endToEnd.totalMs) * 100).toFixed(0)} %`;
  const lines = [
    `### Documents: ingestion of the real PDFs (test-data/pdf)`,
    '',
    `${summary.files} readable PDFs, ${mb(summary.bytes)}, ${count(summary.chunks)} chunks; ` +
      `${results.files.length - summary.files} refused (not counted). One server, embedded PGlite, USE-lite embeddings. ` +
      `Load average when the in-process pass started: ${loadAverages.inProcess.toFixed(1)}; when the end-to-end run started: ${loadAverages.endToEnd.toFixed(1)}.`,
    '',
    '| file | size | pages | chunks | parse ms | chunk ms | embed ms | index ms | server job ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.files.map((file) =>
      file.ok
        ? `| ${file.name} | ${count(file.bytes)} B | ${file.pages} | ${file.chunks} | ${ms(file.parseMs)} | ${ms(file.chunkMs)} | ${ms(file.embedMs)} | ${ms(file.indexMs)} | ${ms(file.serverMs)} |`
        : `| ${file.name} | ${count(file.bytes)} B | refused: ${file.reason} | | | | | | |`,
    ),
    '',
    '| step | time | share of end to end |',
    '|---|---:|---:|',
    `| **end to end**: upload + register over HTTP, the ingestion jobs, polled until every document is done and its job has finished (its vectors come after its status) | **${seconds(endToEnd.totalMs)}** | 100 % |`,
    `| upload (POST /api/upload-files, one multipart request) | ${seconds(endToEnd.uploadMs)} | ${share(endToEnd.uploadMs)} |`,
    `| register (POST /api/register-files) | ${seconds(endToEnd.registerMs)} | ${share(endToEnd.registerMs)} |`,
    `| the server's ingestion jobs, one after the other (jobs table: pick-up, reading the original, parse, chunk, embed, write) | ${seconds(summary.serverMs)} | ${share(summary.serverMs)} |`,
    `| after the last job until a poll saw it (every ${POLL_MS_TEXT}) | ${seconds(endToEnd.afterLastJobMs)} | ${share(endToEnd.afterLastJobMs)} |`,
    `| *in-process, the same files:* parse (parseDocument, a PDF worker each) | ${seconds(summary.parseMs)} | ${share(summary.parseMs)} |`,
    `| *in-process:* chunk (chunkPages, USE-lite tokenizer) | ${seconds(summary.chunkMs)} | ${share(summary.chunkMs)} |`,
    `| *in-process:* embed (USE-lite worker, batches of 16) | ${seconds(summary.embedMs)} | ${share(summary.embedMs)} |`,
    `| *in-process:* index (replaceChunks + status in one transaction, then the windows' vectors into the HNSW index, ${WINDOWS_PER_TRANSACTION} a transaction) | ${seconds(summary.indexMs)} | ${share(summary.indexMs)} |`,
    `| *in-process:* all four | ${seconds(summary.inProcessMs)} | ${share(summary.inProcessMs)} |`,
    '',
    `End to end: **${summary.endToEnd.mbPerSecond.toFixed(3)} MB/s, ${summary.endToEnd.chunksPerSecond.toFixed(1)} chunks/s** ` +
      `(${count(endToEnd.chunks)} chunks written by the server). Parse-only (parse + chunk): ${summary.parseOnly.mbPerSecond.toFixed(2)} MB/s, ` +
      `${summary.parseOnly.chunksPerSecond.toFixed(0)} chunks/s.`,
    '',
    `**End to end ÷ parse-only (parse + chunk): ${times(summary.ratio)} (target ≤ ${INGESTION_RATIO_TARGET}×): ${verdict(summary.ratio, INGESTION_RATIO_TARGET)}.** ` +
      `Embedding is ${(summary.embedShare * 100).toFixed(0)} % of the in-process work (parse + chunk + embed + index).`,
  ];
  if (endToEnd.failures.length > 0) {
    lines.push('', `Documents that did not complete: ${endToEnd.failures.map((failure) => `${failure.name} (${failure.reason})`).join('; ')}.`);
  }
  if (results.serverReasons.length > 0) {
    lines.push('', `Refused files through the server: ${results.serverReasons.map((refusal) => `${refusal.name} → "${refusal.reason}"`).join('; ')}.`);
  }
  const phase = (name: string) => dashboard.phases.find((entry) => entry.name === name);
  lines.push(
    '',
    `### Documents: the dashboard while documents are ingested`,
    '',
    `${dashboard.connections} connections on each call, both calls at once: idle for the set duration, then for the whole of an ingestion of ` +
      `${dashboard.ingestion.documents} documents (${mb(dashboard.ingestion.bytes)}, copies of the biggest PDFs), which took ` +
      `${seconds(dashboard.ingestion.totalMs)} under this load, then idle again.`,
    '',
    '| call | phase | load average | p50 ms | p99 ms | max ms | req/s |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const [name, pick] of [
    ['GET /api/authenticate-user', (pair: DashboardPair) => pair.authenticateUser],
    ['GET /api/all-history: page 1', (pair: DashboardPair) => pair.historyPage1],
  ] as const) {
    for (const entry of dashboard.phases) {
      const measurement = pick(entry.calls);
      lines.push(
        `| ${name} | ${entry.name} | ${entry.loadAverage.toFixed(1)} | ${ms(measurement.p50)} | ${ms(measurement.p99)} | ${ms(measurement.max)} | ${measurement.requestsPerSecond.toFixed(0)} |`,
      );
    }
  }
  const busy = phase('ingesting');
  const idle = dashboard.phases.filter((entry) => entry.name !== 'ingesting');
  if (busy && idle.length > 0) {
    lines.push('');
    for (const [name, pick] of [
      ['authenticate-user', (pair: DashboardPair) => pair.authenticateUser],
      ['history page 1', (pair: DashboardPair) => pair.historyPage1],
    ] as const) {
      const idleP99 = idle.reduce((sum, entry) => sum + pick(entry.calls).p99, 0) / idle.length;
      lines.push(`p99 of ${name} while ingesting ÷ idle (the mean of before and after): ${times(pick(busy.calls).p99 / idleP99)}.`);
    }
  }
  return lines.join('\n');
}

export function retrievalMarkdown(results: RetrievalResults): string {
  const { knowledge, breakdown } = results;
  const lines = [
    `### Documents: retrieval at ${count(knowledge.chunks)} chunks`,
    '',
    `${count(knowledge.chunks)} generated chunks (${count(knowledge.documents)} manuals, ${knowledge.averageChars.toFixed(0)} characters on average) with ` +
      `${count(knowledge.windows)} ${knowledge.dimensions}-number vectors, one per window the model reads, recorded as ${knowledge.model}; loaded in ${seconds(knowledge.loadMs)}, HNSW index built in ` +
      `${seconds(knowledge.vectorIndexMs)}. Search: ${results.questions} questions in turn, k = 5, each embedded by the real embedder. ` +
      `Load average when the measurements started: ${results.loadAverage.toFixed(1)}.`,
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
      `Chunks holding any of the question's words: ${count(Math.round(average(breakdown.fullTextMatches)))} per question on average ` +
      `(${count(Math.min(...breakdown.fullTextMatches))}–${count(Math.max(...breakdown.fullTextMatches))}); the full-text side fetches and ranks ` +
      `at most ${count(breakdown.rankedMatches)}, taken by the question's rarest words. ` +
      `The vector side ${breakdown.usesVectorIndex ? 'scans the HNSW index' : 'does NOT use the HNSW index'} for the ${breakdown.windowCandidates} ` +
      `nearest windows (ef_search raised to as many), which gave ${breakdown.vectorCandidates} chunks of the 50 it asks for.`,
  );
  return lines.join('\n');
}
