/**
 * The retrieval benchmark (issue 11), called by documents-bench.ts: POST /api/knowledge/search over a generated
 * store of 100k chunks with vectors, against the history list's first page in the same run, and the search taken
 * apart in-process.
 */
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { nearestChunks, searchKnowledge, TEXT_CANDIDATES, vectorIndexName, WINDOW_CANDIDATES, withAllWindowCandidates } from '@steward/server/knowledge-internals';
import { type RunningServer, sqlRows } from '@steward/server/test-support';
import { answerRows, benchAdmin, benchEmbedder, browserHeaders, prepareDataDir, signIn, startBenchServer } from './bench-server.ts';
import { PRODUCTS, TOPICS } from './dataset/product-content.ts';
import { type KnowledgeSummary, loadKnowledge } from './dataset/load-knowledge.ts';
import { type DocumentsBenchOptions, type RetrievalResults, percentile } from './documents-report.ts';
import { measureInRounds } from './measure.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const elapsed = (started: number) => performance.now() - started;

/** The chatbot's usual questions (product-content.ts), one product each. */
export const benchQuestions = (): string[] => TOPICS.map((topic, i) => topic.question(PRODUCTS[i % PRODUCTS.length]?.name ?? 'kettle'));

async function timeEach(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await work();
    samples.push(elapsed(started));
  }
  return samples;
}

/** The server's search, taken apart on its own database and embedder: what the question's embedding costs, and what the query does. */
async function searchBreakdown(server: RunningServer, questions: readonly string[], dimensions: number): Promise<RetrievalResults['breakdown']> {
  const db = server.database.db;
  const embedder = benchEmbedder(); // shares the server's embedding worker
  try {
    const embeddings = new Map<string, Float32Array>();
    for (const question of questions) {
      const [vector] = await embedder.embed([question]);
      if (vector) embeddings.set(question, vector);
    }
    const rounds = 3;
    const embedSamples: number[] = [];
    const searchSamples: number[] = [];
    const textSamples: number[] = [];
    const vectorSamples: number[] = [];
    // The vector side of searchKnowledge's query, in the transaction it runs in there.
    const vectorSide = <Row>(vector: Float32Array, explain = false) =>
      withAllWindowCandidates(db, (tx) => sqlRows<Row>(tx, sql`${explain ? sql`EXPLAIN ` : sql``}${nearestChunks({ vector, dimensions, generation: 1 })}`));
    for (let round = 0; round < rounds; round += 1) {
      for (const question of questions) {
        const vector = embeddings.get(question);
        if (!vector) continue;
        embedSamples.push(...(await timeEach(1, () => embedder.embed([question]))));
        searchSamples.push(...(await timeEach(1, () => searchKnowledge(db, { query: question, k: 5, queryEmbedding: { vector, dimensions, generation: 1 } }))));
        textSamples.push(...(await timeEach(1, () => searchKnowledge(db, { query: question, k: 5 }))));
        vectorSamples.push(...(await timeEach(1, () => vectorSide(vector))));
      }
    }
    // The text_hits condition of searchKnowledge's query, as it is written there, without its LIMIT.
    const matches: number[] = [];
    for (const question of questions) {
      const rows = await sqlRows<{ matches: string | number }>(db, sql`
        SELECT count(*) AS matches FROM knowledge_chunks,
          (SELECT nullif(replace(plainto_tsquery('english', ${question})::text, ' & ', ' | '), '')::tsquery AS question) words
        WHERE search_vector @@ question`);
      matches.push(Number(rows[0]?.matches ?? 0));
    }
    const probe = embeddings.get(questions[0] ?? '') ?? new Float32Array(dimensions);
    const candidates = await vectorSide<{ id: number }>(probe);
    const plan = await vectorSide<{ 'QUERY PLAN': string }>(probe, true);
    return {
      queryEmbeddingP50Ms: percentile(embedSamples, 0.5),
      databaseSearchP50Ms: percentile(searchSamples, 0.5),
      fullTextOnlyP50Ms: percentile(textSamples, 0.5),
      vectorOnlyP50Ms: percentile(vectorSamples, 0.5),
      fullTextMatches: matches,
      rankedMatches: TEXT_CANDIDATES,
      windowCandidates: WINDOW_CANDIDATES,
      vectorCandidates: candidates.length,
      usesVectorIndex: plan.some((line) => line['QUERY PLAN'].includes(`Index Scan using ${vectorIndexName(1, dimensions)}`)),
    };
  } finally {
    await embedder.close();
  }
}

export async function benchmarkRetrieval(options: DocumentsBenchOptions): Promise<RetrievalResults> {
  const probe = benchEmbedder();
  const model = probe.model;
  const dimensions = probe.dimensions;
  const windowTokens = probe.windowTokens;
  await probe.close();
  if (dimensions === undefined) throw new Error('The retrieval benchmark needs an embedder of known dimensions (the built-in USE-lite).');

  log(`Documents: a data dir with ${options.historyRows.toLocaleString('en-US')} history rows and ${options.knowledgeChunks.toLocaleString('en-US')} knowledge chunks…`);
  let knowledge: KnowledgeSummary | undefined;
  const { dataDir } = await prepareDataDir(options.historyRows, async (db) => {
    knowledge = await loadKnowledge(db, {
      chunks: options.knowledgeChunks,
      embedder: { model, dimensions, windowTokens },
      uploadedBy: benchAdmin.name,
      onProgress: (chunks) => log(`  … ${chunks.toLocaleString('en-US')} chunks`),
    });
    log(
      `  chunks and ${knowledge.windows.toLocaleString('en-US')} window vectors loaded in ${(knowledge.loadMilliseconds / 1000).toFixed(1)} s, ` +
        `HNSW index built in ${(knowledge.vectorIndexMilliseconds / 1000).toFixed(1)} s`,
    );
  });
  if (!knowledge) throw new Error('The knowledge store was not loaded.');
  const server = await startBenchServer(dataDir);
  try {
    const cookie = await signIn(server.url);
    const questions = benchQuestions();
    const searchBodies = questions.map((query) => JSON.stringify({ query, k: 5 }));
    const searchHeaders = { ...browserHeaders(server.url, cookie), 'content-type': 'application/json' };
    // The first search starts the embedding worker and loads the model: not part of a search's latency.
    for (let i = 0; i < 5; i += 1) await answerRows<unknown>(await fetch(`${server.url}/api/all-history/0`, { headers: { cookie } }), 'GET /api/all-history');
    for (const body of searchBodies) {
      const response = await fetch(`${server.url}/api/knowledge/search`, { method: 'POST', headers: searchHeaders, body });
      const rows = await answerRows<unknown>(response, 'POST /api/knowledge/search');
      if (rows.length === 0) throw new Error('The knowledge search found nothing: the store was not loaded as expected.');
    }
    const loadAverage = os.loadavg()[0] ?? 0;
    const runs: RetrievalResults['runs'] = [];
    for (const connections of [...new Set([options.connections, 1])]) {
      log(`  history page 1 and search at ${connections} connection(s)…`);
      // In rounds, as the history part's calls: the ratio compares the two over the same stretch of the run.
      const [historyPage1, search] = await measureInRounds(
        [
          { url: `${server.url}/api/all-history/0`, connections, durationSeconds: options.durationSeconds, headers: { cookie } },
          // Every measured question is new to the server (its question-embedding cache answers none of them).
          {
            url: `${server.url}/api/knowledge/search`,
            connections,
            durationSeconds: options.durationSeconds,
            method: 'POST',
            headers: searchHeaders,
            bodyFor: (requestNumber) => JSON.stringify({ query: `${questions[requestNumber % questions.length] ?? ''} (ticket ${requestNumber})`, k: 5 }),
          },
        ],
        options.rounds,
      );
      if (!historyPage1 || !search) throw new Error('measureInRounds answered fewer measurements than calls.');
      runs.push({ connections, historyPage1, search });
    }
    log('  the search taken apart, in-process…');
    const breakdown = await searchBreakdown(server, questions, dimensions);
    return {
      knowledge: {
        documents: knowledge.documents,
        chunks: knowledge.chunks,
        windows: knowledge.windows,
        averageChars: knowledge.averageChars,
        loadMs: knowledge.loadMilliseconds,
        vectorIndexMs: knowledge.vectorIndexMilliseconds,
        model,
        dimensions,
      },
      questions: questions.length,
      loadAverage,
      runs,
      breakdown,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
