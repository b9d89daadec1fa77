/**
 * Fits the knowledge search's relevance (passage-features.ts: WITH_VECTORS and FULL_TEXT_ONLY) on an
 * evaluation set, and shows the answer threshold the set allows. `node --import tsx bench/src/eval/fit-reranker.ts
 * [--set bench/eval/questions.json] [--data-dir <dir>]`: the set's documents are indexed by the real server
 * (from source, in this process) in a new data dir, kept for the next run with --data-dir; then every question's
 * second-stage candidates (RERANKED) are read with their features, labelled by the evidence, and a logistic
 * model is fitted to them (L2-regularised, by gradient descent). It prints the weights, the rankings they
 * give on the set and with each document held out in turn (fitted on the others), and how the best passage's
 * relevance splits answerable from unanswerable questions. Nothing is written: the weights are copied into
 * passage-features.ts by hand, rounded, and the run recorded in docs/bot.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createEmbedder,
  createKnowledgeStore,
  FEATURE_ORDER,
  FULL_TEXT_ONLY,
  type PassageFeatures,
  rankPassages,
  type RelevanceModel,
  relevanceModelOf,
  relevancesOf,
  RERANKED,
  scoreOf,
  unknownShareOf,
  weighedFeatures,
  WITH_VECTORS,
} from '@steward/server/knowledge-internals';
import { openDatabase } from '@steward/server/test-support';
import { benchAdmin, benchConfig, prepareDataDir, signIn, startBenchServer } from '../bench-server.ts';
import { indexDocuments } from './eval-server.ts';
import { serveSites } from './eval-sites.ts';
import { firstRightRank, rankingMeasures } from './metrics.ts';
import { DEFAULT_QUESTION_SET, documentName, readQuestionSet } from './question-set.ts';
import { holdsAny } from './text-match.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const { values: options } = parseArgs({ options: { set: { type: 'string' }, 'data-dir': { type: 'string' } } });
const { set, documentsDir, sitesDir } = readQuestionSet(path.resolve(options.set ?? DEFAULT_QUESTION_SET));

interface Sample {
  question: string;
  /** The share of the question's IDF in words no chunk holds. */
  unknownShare: number;
  /** The passage's text, for reading the samples (test-results/eval/reranker-samples.json). */
  text: string;
  document: string | null;
  features: PassageFeatures;
  right: boolean;
}

let dataDir = options['data-dir'];
if (!dataDir) {
  dataDir = (await prepareDataDir(0)).dataDir;
  const sites = set.documents.some((document) => 'site' in document) ? await serveSites(sitesDir) : undefined;
  const server = await startBenchServer(dataDir, sites ? { ALLOW_PRIVATE_URLS: 'true', SITE_CRAWL_DELAY_MS: '0' } : {});
  try {
    log(`Indexing ${set.documents.length} documents in ${dataDir}…`);
    await indexDocuments(server.url, await signIn(server.url, benchAdmin), set.documents, { documentsDir, ...(sites ? { siteOrigin: sites.origin } : {}) });
  } finally {
    await server.stop();
    await sites?.close();
  }
  log(`Indexed; next time: --data-dir ${dataDir}`);
}

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const knowledge = createKnowledgeStore(database.db, createEmbedder(benchConfig(os.tmpdir())));
await knowledge.prepare({ info: () => undefined, warn: log });
/** Samples of a question searched by full text alone would teach the model wrong weights: stop instead. */
const embeddedOrFail = {
  warn: () => {
    throw new Error('The embedder failed on a question: stopped, as its samples would lack the vectors.');
  },
};
const samples: Sample[] = [];
const questions = [
  ...set.answerable.map((question) => ({ text: question.question, document: question.document, evidence: question.evidence })),
  ...set.outOfScope.map((question) => ({ text: question.question, document: null, evidence: [] })),
];
try {
  for (const question of questions) {
    const queryEmbedding = await knowledge.embedQuery(question.text, embeddedOrFail);
    const { terms, passages } = await rankPassages(database.db, { query: question.text, k: RERANKED, queryEmbedding });
    const unknownShare = unknownShareOf(terms);
    for (const passage of passages) {
      samples.push({ question: question.text, unknownShare, text: passage.text, document: question.document, features: passage.features, right: holdsAny(passage.text, question.evidence) });
    }
  }
} finally {
  await knowledge.embedder.close();
  await database.close();
}
fs.mkdirSync('test-results/eval', { recursive: true });
fs.writeFileSync('test-results/eval/reranker-samples.json', JSON.stringify(samples));

/** A sample's features as the search's score weighs them (passage-features.ts), the similarity 0 when fitting without vectors. */
const vectorOf = (features: PassageFeatures, withVectors: boolean): number[] => weighedFeatures(withVectors ? features : { ...features, similarity: null });

const byQuestion = (list: readonly Sample[]) => {
  const groups = new Map<string, Sample[]>();
  for (const sample of list) groups.set(sample.question, [...(groups.get(sample.question) ?? []), sample]);
  return groups;
};

/**
 * The ranking: weights that order each question's right passages above its wrong ones (a logistic model of
 * the pairs' feature differences, L2-regularised, by gradient descent), what hit@1 and MRR reward.
 */
function fitRanking(training: readonly Sample[], withVectors: boolean): number[] {
  const pairs: number[][] = [];
  for (const group of byQuestion(training).values()) {
    for (const right of group.filter((sample) => sample.right)) {
      for (const wrong of group.filter((sample) => !sample.right)) {
        const a = vectorOf(right.features, withVectors);
        const b = vectorOf(wrong.features, withVectors);
        pairs.push(a.map((value, i) => value - (b[i] ?? 0)));
      }
    }
  }
  const weights = FEATURE_ORDER.map(() => 0);
  for (let step = 0; step < 3000 && pairs.length > 0; step += 1) {
    const gradient = FEATURE_ORDER.map(() => 0);
    for (const difference of pairs) {
      const p = 1 / (1 + Math.exp(-difference.reduce((sum, value, i) => sum + value * (weights[i] ?? 0), 0)));
      difference.forEach((value, i) => (gradient[i] = (gradient[i] ?? 0) + (p - 1) * value));
    }
    weights.forEach((weight, i) => (weights[i] = weight - 0.5 * ((gradient[i] ?? 0) / pairs.length + 0.001 * weight)));
  }
  return weights;
}

/**
 * The temperature that makes the shares chances: the one that maximises, over the questions, the likelihood of
 * their right passages among their candidates (a grid, then a finer one around the best).
 */
function temperatureFor(training: readonly Sample[], weights: readonly number[], withVectors: boolean): number {
  const groups = [...byQuestion(training).values()].filter((group) => group.some((sample) => sample.right));
  const scores = groups.map((group) => group.map((sample) => vectorOf(sample.features, withVectors).reduce((sum, value, i) => sum + value * (weights[i] ?? 0), 0)));
  const likelihood = (temperature: number) =>
    groups.reduce((sum, group, index) => {
      const shares = relevancesOf(scores[index] ?? [], temperature);
      return sum + Math.log(Math.max(1e-12, group.reduce((right, sample, i) => right + (sample.right ? (shares[i] ?? 0) : 0), 0)));
    }, 0);
  let best = 1;
  for (const temperature of [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5]) if (likelihood(temperature) > likelihood(best)) best = temperature;
  for (let temperature = best * 0.5; temperature <= best * 1.5; temperature += best * 0.05) if (likelihood(temperature) > likelihood(best)) best = temperature;
  return best;
}

function fit(training: readonly Sample[], withVectors: boolean): RelevanceModel {
  const weights = fitRanking(training, withVectors);
  return relevanceModelOf(
    FEATURE_ORDER.map((name, i) => (withVectors || name !== 'similarity' ? (weights[i] ?? 0) : 0)),
    temperatureFor(training, weights, withVectors),
  );
}

/** Each candidate of a question with its relevance under the model, best first. */
function ranked(group: readonly Sample[], model: RelevanceModel): { sample: Sample; relevance: number }[] {
  const relevances = relevancesOf(group.map((sample) => scoreOf(sample.features, model)), model.temperature);
  return group.map((sample, i) => ({ sample, relevance: relevances[i] ?? 0 })).sort((a, b) => b.relevance - a.relevance);
}

/** For each question, the rank of its first right passage once its candidates are ordered by the model. */
function ranks(list: readonly Sample[], model: RelevanceModel, questions: readonly string[]): (number | null)[] {
  const groups = byQuestion(list);
  return questions.map((question) => firstRightRank(ranked(groups.get(question) ?? [], model).map(({ sample }) => (sample.right ? 'right' : '')), (text) => text === 'right'));
}

const show = (model: RelevanceModel) => Object.entries(model).map(([name, value]) => `${name} ${value.toFixed(2)}`).join(', ');
const measures = (values: (number | null)[]) => {
  const measured = rankingMeasures(values);
  return `hit@1 ${(measured.hitAt1 * 100).toFixed(1)} %, hit@5 ${(measured.hitAt5 * 100).toFixed(1)} %, MRR@10 ${measured.mrrAt10.toFixed(3)}`;
};

for (const withVectors of [true, false]) {
  const label = withVectors ? 'with vectors' : 'full text only';
  const shipped = withVectors ? WITH_VECTORS : FULL_TEXT_ONLY;
  log(`\n${label}, as shipped (passage-features.ts): ${show(shipped)}`);
  log(`  on the whole set: ${measures(ranks(samples, shipped, set.answerable.map((question) => question.question)))}`);
  const model = fit(samples, withVectors);
  log(`${label}, fitted: ${show(model)}`);
  log(`  on the whole set: ${measures(ranks(samples, model, set.answerable.map((question) => question.question)))}`);
  const heldOut: (number | null)[] = [];
  for (const document of set.documents) {
    const others = fit(samples.filter((sample) => sample.document !== documentName(document)), withVectors);
    const own = set.answerable.filter((question) => question.document === documentName(document)).map((question) => question.question);
    heldOut.push(...ranks(samples, others, own));
  }
  log(`  each document held out (fitted on the others): ${measures(heldOut)}`);
  // The answer rule: a logistic model of "the question is answerable" over the best passage's relevance (as
  // log-odds) and the share of the question the store does not know, and the trade-off its threshold makes.
  const groups = byQuestion(samples);
  const questionFeatures = (question: string): number[] => {
    const group = groups.get(question) ?? [];
    const best = Math.min(1 - 1e-6, Math.max(1e-6, ranked(group, model)[0]?.relevance ?? 0));
    return [Math.log(best / (1 - best)), group[0]?.unknownShare ?? 1];
  };
  // Calibration: of the passages given a relevance in each band, how many were right.
  const bands = [0, 0.1, 0.3, 0.5, 0.7, 1.01];
  const all = [...groups.values()].flatMap((group) => ranked(group, model));
  for (let band = 0; band < bands.length - 1; band += 1) {
    const inside = all.filter(({ relevance }) => relevance >= (bands[band] ?? 0) && relevance < (bands[band + 1] ?? 1));
    const right = inside.filter(({ sample }) => sample.right).length;
    log(`  relevance ${bands[band]}–${Math.min(1, bands[band + 1] ?? 1)}: ${inside.length} passages, ${inside.length === 0 ? '–' : ((right / inside.length) * 100).toFixed(0)} % right`);
  }
  const rows = [
    ...set.answerable.map((question) => ({ x: questionFeatures(question.question), answerable: true })),
    ...set.outOfScope.map((question) => ({ x: questionFeatures(question.question), answerable: false })),
  ];
  let weights = [0, 0];
  let bias = 0;
  for (let step = 0; step < 20000; step += 1) {
    const gradient = [0, 0];
    let biasGradient = 0;
    for (const row of rows) {
      const error = 1 / (1 + Math.exp(-(bias + (weights[0] ?? 0) * (row.x[0] ?? 0) + (weights[1] ?? 0) * (row.x[1] ?? 0)))) - (row.answerable ? 1 : 0);
      biasGradient += error;
      row.x.forEach((value, i) => (gradient[i] = (gradient[i] ?? 0) + error * value));
    }
    bias -= (0.5 * biasGradient) / rows.length;
    weights = weights.map((weight, i) => weight - (0.5 * (gradient[i] ?? 0)) / rows.length);
  }
  log(`  answer rule: bias ${bias.toFixed(2)}, best relevance's log-odds ${weights[0]?.toFixed(2)}, unknown share ${weights[1]?.toFixed(2)}`);
  const confidence = (x: number[]) => 1 / (1 + Math.exp(-(bias + (weights[0] ?? 0) * (x[0] ?? 0) + (weights[1] ?? 0) * (x[1] ?? 0))));
  for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
    const answerable = rows.filter((row) => row.answerable);
    const outOfScope = rows.filter((row) => !row.answerable);
    const share = (list: typeof rows) => (list.filter((row) => confidence(row.x) < threshold).length / Math.max(1, list.length)) * 100;
    log(`  confidence threshold ${threshold}: answerable declined ${share(answerable).toFixed(1)} %, out of scope declined ${share(outOfScope).toFixed(1)} %`);
  }
}
