/**
 * `npm run eval`: the bot's retrieval and answers measured on real manuals, through the shipped server
 * (apps/server/dist/main.js, as `npm start` runs it) and its public calls only. It uploads the set's documents
 * (bench/eval/questions.json; their files in test-data/manuals, sources and licences in its README) as staff
 * do, waits until GET /api/document-indexing says they are indexed, then asks every question of
 * POST /api/bot/knowledge/search (k = 10) and of POST /api/chat/ask, and ranks the same documents with a
 * textbook BM25 (bm25-baseline.ts) in the same run; then, on a second server, asks the chat again with each
 * document alone in the store (one-manual-stores.ts). Each answer is also read without the source it cites
 * (answer-shape.ts): its key facts, and whether it is only a FAQ's question line or a heading of the documents.
 * It prints one table (evalMarkdown) and writes each question's outcome to
 * test-results/eval/<set's folder>-<set>.json.
 *
 * `npm run eval -- --set <file>` evaluates another set (its documents beside it, or in test-data/manuals), in
 * the repository or outside it (a held-out set);
 * `--write` puts the table into docs/operations.md between its markers; `--keep-data` keeps the server's data
 * directory with the indexed documents (for trying a change to the answers on them) and prints its path;
 * `--data <dir>` asks again on such a kept directory (after `npm run build`, a change to the answers is measured in a
 * minute instead of ten: nothing is uploaded or indexed, and the one-manual stores are left out). Exits 1 when a
 * target is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KnowledgePassageRow } from '@steward/contract/documents';
import { benchAdmin, forkBenchServer, prepareDataDir, signIn } from '../bench-server.ts';
import { EVAL_MARKERS, replaceMarkedSection, runContextMarkdown } from '../docs-section.ts';
import { answerBody, onlyQuestionOrHeading, type QuestionsAndHeadings } from './answer-shape.ts';
import { bm25Baseline, passagesOf } from './bm25-baseline.ts';
import { evalMarkdown, evalTargets, type QuestionOutcome, summarise } from './eval-report.ts';
import { answerText, firstRightRank, rankingMeasures } from './metrics.ts';
import { askChat, indexDocuments, rowsOf, type SetSources } from './eval-server.ts';
import { serveSites } from './eval-sites.ts';
import { askOneManualAtATime } from './one-manual-stores.ts';
import { readSetDocument } from './read-document.ts';
import { type AnswerableQuestion, DEFAULT_QUESTION_SET, documentName, readQuestionSet, REPOSITORY_ROOT, resultsFileOf } from './question-set.ts';
import { holdsAny } from './text-match.ts';

const BOT_API_KEY = 'steward-eval-bot-key-0123456789';
/** The passages each search answers: MRR@10 reads ten. */
const SEARCHED = 10;
const log = (line: string) => process.stderr.write(`${line}\n`);

const { values: options } = parseArgs({ options: { set: { type: 'string' }, write: { type: 'boolean', default: false }, 'keep-data': { type: 'boolean', default: false }, data: { type: 'string' } } });
const setFile = path.resolve(options.set ?? DEFAULT_QUESTION_SET);
const { set, documentsDir, sitesDir } = readQuestionSet(setFile);
// A set outside the repository (a held-out one) is named by its folder and file, as its results file is.
const setName = path.relative(REPOSITORY_ROOT, setFile).startsWith('..') ? path.join(path.basename(path.dirname(setFile)), path.basename(setFile)) : path.relative(REPOSITORY_ROOT, setFile);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const isRightFor = (question: AnswerableQuestion) => (passage: string) => holdsAny(passage, question.evidence);

const loadAverageAtStart = os.loadavg();
log(`Evaluation ${setName}: ${set.documents.length} documents, ${set.answerable.length} answerable questions, ${set.outOfScope.length} out of scope.`);
const documents = await Promise.all(set.documents.map((document) => readSetDocument(document, { documentsDir, sitesDir })));
const baseline = bm25Baseline(documents.flatMap(({ text }) => passagesOf(text)));
/** Every document's question lines and headings: an answer may quote any of them. */
const questionsAndHeadings: QuestionsAndHeadings = {
  questions: documents.flatMap((document) => document.questionsAndHeadings.questions),
  headings: documents.flatMap((document) => document.questionsAndHeadings.headings),
};
const keptDataDir = options.data === undefined ? undefined : path.resolve(options.data);
if (keptDataDir && options.write) throw new Error('--data leaves the one-manual stores out: its table is not the one docs/operations.md keeps (drop --write).');
const { dataDir } = keptDataDir ? { dataDir: keptDataDir } : await prepareDataDir(0);
// The set's websites, served on loopback for the server to crawl (so private addresses are allowed, without delay).
const sites = set.documents.some((document) => 'site' in document) ? await serveSites(sitesDir) : undefined;
const sources: SetSources = { documentsDir, ...(sites ? { siteOrigin: sites.origin } : {}) };
// The evaluation asks many questions from one address, each in a session of its own.
const SERVER_SETTINGS = {
  BOT_API_KEY,
  CHAT_RATE_LIMIT_PER_IP: '100000',
  CHAT_RATE_LIMIT_PER_SESSION: '100000',
  ...(sites ? { ALLOW_PRIVATE_URLS: 'true', SITE_CRAWL_DELAY_MS: '0' } : {}),
};
const server = await forkBenchServer(dataDir, SERVER_SETTINGS);
/** Indexes the set's documents on the server, then asks it every question. */
async function askEverything(url: string): Promise<{ outcomes: QuestionOutcome[]; indexingSeconds: number }> {
  const cookie = await signIn(url, benchAdmin);
  const indexing = keptDataDir ? { ms: 0 } : await timed(() => indexDocuments(url, cookie, set.documents, sources));
  log(`Indexed in ${(indexing.ms / 1000).toFixed(1)} s; asking…`);
  const outcomes: QuestionOutcome[] = [];
  const questions = [...set.answerable.map((question) => ({ question, answerable: true as const })), ...set.outOfScope.map((question) => ({ question, answerable: false as const }))];
  for (const { question, answerable } of questions) {
    const search = await timed(async () =>
      rowsOf<KnowledgePassageRow>(
        await fetch(`${url}/api/bot/knowledge/search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${BOT_API_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: question.question, k: SEARCHED }),
        }),
        'POST /api/bot/knowledge/search',
      ),
    );
    const ask = await timed(() => askChat(url, question.question));
    const answer = answerText(ask.value.answer);
    const body = answerBody(ask.value.answer);
    const answered = ask.value.answer_kind !== 'unknown';
    const passages = search.value.map((row) => row.text);
    outcomes.push({
      id: question.id,
      question: question.question,
      answerable,
      ...(answerable ? { style: question.style } : {}),
      rank: answerable ? firstRightRank(passages, isRightFor(question)) : null,
      baselineRank: answerable ? firstRightRank(baseline.search(question.question, SEARCHED), isRightFor(question)) : null,
      searchMs: search.ms,
      askMs: ask.ms,
      answerKind: ask.value.answer_kind,
      factsHeld: answerable && answered && question.facts.every((group) => holdsAny(answer, group)),
      factsInAnswer: answerable && answered && question.facts.every((group) => holdsAny(body, group)),
      onlyQuestionOrHeading: answered ? onlyQuestionOrHeading(body, questionsAndHeadings) : null,
      answer,
      answerBody: body,
      topPassage: passages[0] ?? '',
      topScore: search.value[0]?.score ?? null,
    });
  }
  return { outcomes, indexingSeconds: indexing.ms / 1000 };
}

const { outcomes, indexingSeconds } = await askEverything(server.url).finally(async () => {
  await server.stop();
  if (options['keep-data'] || keptDataDir) log(`The indexed data directory is kept: ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
});

// The same documents again, each alone in a store of its own (one-manual-stores.ts), on a second server.
async function askOneManualStores() {
  const { dataDir: oneManualDataDir } = await prepareDataDir(0);
  const oneManualServer = await forkBenchServer(oneManualDataDir, SERVER_SETTINGS);
  log('One manual per store: each document indexed alone, asked, deleted…');
  return askOneManualAtATime(oneManualServer.url, await signIn(oneManualServer.url, benchAdmin), set, sources).finally(async () => {
    await oneManualServer.stop();
    fs.rmSync(oneManualDataDir, { recursive: true, force: true });
  });
}
const oneManual = keptDataDir ? undefined : await askOneManualStores().finally(() => sites?.close());
if (keptDataDir) await sites?.close();

const summary = { ...summarise(outcomes, rankingMeasures), ...(oneManual ? { oneManual } : {}) };
const context = [
  runContextMarkdown({ date: new Date(), loadAverageAtStart, loadAverageAtEnd: os.loadavg(), nodeVersion: process.version, environment: {} }).split('\n')[0],
  `Documents: ${set.documents.map((document) => `${document.title} (\`${documentName(document)}\`${'site' in document ? ', a website' : ''})`).join(', ')}${keptDataDir ? `; indexed before, in ${keptDataDir}` : `; indexed in ${indexingSeconds.toFixed(1)} s`}.`,
].join('\n');
const report = evalMarkdown(setName, summary, context);
process.stdout.write(`\n${report}\n`);
const resultsFile = resultsFileOf(setFile);
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify({ summary, outcomes }, null, 2)}\n`);
log(`Each question's outcome: ${path.relative(process.cwd(), resultsFile)}`);
if (options.write) {
  const operations = path.join(REPOSITORY_ROOT, 'docs', 'operations.md');
  fs.writeFileSync(operations, replaceMarkedSection(fs.readFileSync(operations, 'utf8'), report.replace(/^### /m, '#### '), EVAL_MARKERS));
}
process.exitCode = evalTargets(summary).every((target) => target.met) ? 0 : 1;
