/**
 * The documents benchmarks (issue 11), called by run-benchmarks.ts: ingestion (ingestion-bench.ts: the real PDFs
 * through the started server, and the dashboard's latency meanwhile) and retrieval (retrieval-bench.ts: the
 * knowledge search over a generated store of 100k chunks).
 */
import type { IngestionResults, RetrievalResults } from './documents-report.ts';
import { benchmarkIngestion } from './ingestion-bench.ts';
import { benchmarkRetrieval } from './retrieval-bench.ts';

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

export async function benchmarkDocuments(
  options: DocumentsBenchOptions,
  parts: { ingestion: boolean; retrieval: boolean },
): Promise<{ ingestion?: IngestionResults; retrieval?: RetrievalResults }> {
  const ingestion = parts.ingestion ? await benchmarkIngestion(options) : undefined;
  const retrieval = parts.retrieval ? await benchmarkRetrieval(options) : undefined;
  return { ...(ingestion ? { ingestion } : {}), ...(retrieval ? { retrieval } : {}) };
}
