/**
 * The documents benchmarks (issue 11), called by run-benchmarks.ts: ingestion (ingestion-bench.ts: the real PDFs
 * through the started server, and the dashboard's latency meanwhile) and retrieval (retrieval-bench.ts: the
 * knowledge search over a generated store of 100k chunks).
 */
import type { DocumentsBenchOptions, IngestionResults, RetrievalResults } from './documents-report.ts';
import { benchmarkIngestion } from './ingestion-bench.ts';
import { benchmarkRetrieval } from './retrieval-bench.ts';

export async function benchmarkDocuments(
  options: DocumentsBenchOptions,
  parts: { ingestion: boolean; retrieval: boolean },
): Promise<{ ingestion?: IngestionResults; retrieval?: RetrievalResults }> {
  const ingestion = parts.ingestion ? await benchmarkIngestion(options) : undefined;
  const retrieval = parts.retrieval ? await benchmarkRetrieval(options) : undefined;
  return { ...(ingestion ? { ingestion } : {}), ...(retrieval ? { retrieval } : {}) };
}
