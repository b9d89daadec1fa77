/**
 * `npm run bench`: builds generated datasets in temporary DATA_DIRs, starts the real server on each
 * (embedded database), drives it with autocannon and prints markdown tables.
 *
 * BENCH_ONLY: which parts, comma-separated: `history` (the history, statistics and conversation calls
 * on two dataset sizes), `documents` (= `ingestion,retrieval`), `ingestion` (the real PDFs of
 * shared/testdata/pdf end to end, and the dashboard while documents are ingested), `retrieval`
 * (knowledge search over BENCH_KNOWLEDGE_CHUNKS chunks), `widget` (the chat widget's size, from the
 * build alone). Default: all of them.
 *
 * BENCH_HISTORY_ROWS (default 1,000,000), BENCH_SMALL_HISTORY_ROWS (10,000; also the history of the
 * documents parts' data dirs), BENCH_DURATION seconds per measurement (10), BENCH_CONNECTIONS (50),
 * BENCH_TIMEZONE_OFFSETS (0,5.5), BENCH_KNOWLEDGE_CHUNKS (100,000), BENCH_DASHBOARD_CONNECTIONS
 * (10, on each of the two dashboard calls measured idle and while documents are ingested),
 * BENCH_INGESTION_COPIES (2 copies of each of the three biggest PDFs ingested meanwhile).
 * The PDFs come from ../shared/testdata beside the repository, or STEWARD_TESTDATA_DIR.
 */
import fs from 'node:fs';
import { PAGE_SIZE } from '@steward/contract/paging';
import { STATISTICS_PERIODS } from '@steward/contract/statistics';
import { BENCH_PASSWORD, benchStaff, prepareDataDir, signIn, startBenchServer } from './bench-server.ts';
import { benchmarkDocuments } from './documents-bench.ts';
import { ingestionMarkdown, retrievalMarkdown } from './documents-report.ts';
import { type Measurement, measure } from './measure.ts';
import { measureWidgetSize, widgetSizeMarkdown } from './widget-size.ts';

const numberFromEnv = (name: string, fallback: number): number => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number (got "${value}").`);
  return parsed;
};

const bigRows = Math.round(numberFromEnv('BENCH_HISTORY_ROWS', 1_000_000));
const smallRows = Math.round(numberFromEnv('BENCH_SMALL_HISTORY_ROWS', 10_000));
const durationSeconds = numberFromEnv('BENCH_DURATION', 10);
const connections = Math.round(numberFromEnv('BENCH_CONNECTIONS', 50));
const offsets = (process.env.BENCH_TIMEZONE_OFFSETS ?? '0,5.5').split(',').map(Number);
const knowledgeChunks = Math.round(numberFromEnv('BENCH_KNOWLEDGE_CHUNKS', 100_000));
const dashboardConnections = Math.round(numberFromEnv('BENCH_DASHBOARD_CONNECTIONS', 10));
const ingestionCopies = Math.round(numberFromEnv('BENCH_INGESTION_COPIES', 2));

const PARTS = ['history', 'ingestion', 'retrieval', 'widget'] as const;
type Part = (typeof PARTS)[number];
const parts = new Set<Part>(
  (process.env.BENCH_ONLY || 'history,documents,widget').split(',').flatMap((name): Part[] => {
    const part = name.trim();
    if (part === 'documents') return ['ingestion', 'retrieval'];
    if ((PARTS as readonly string[]).includes(part)) return [part as Part];
    throw new Error(`BENCH_ONLY takes history, documents, ingestion, retrieval or widget (got "${part}").`);
  }),
);

interface SizeResults {
  historyRows: number;
  sessions: number;
  loadSeconds: number;
  login: Measurement | undefined;
  authenticateUser: Measurement;
  statistics: Map<string, Measurement>;
  conversations: Map<string, Measurement>;
  search: Map<string, Measurement>;
  deepPage: number;
}

const statisticsKey = (period: string, offset: number) => `${period} (offset ${offset})`;

async function benchmarkSize(historyRows: number, withLogin: boolean): Promise<SizeResults> {
  process.stderr.write(`Generating ${historyRows.toLocaleString('en-US')} history rows…\n`);
  const { dataDir, summary } = await prepareDataDir(historyRows);
  process.stderr.write(`  loaded in ${(summary.milliseconds / 1000).toFixed(1)} s; starting the server\n`);
  const server = await startBenchServer(dataDir);
  try {
    const cookie = await signIn(server.url);
    const run = (path: string) => measure({ url: `${server.url}${path}`, connections, durationSeconds, headers: { cookie } });
    process.stderr.write('  authenticate-user…\n');
    const authenticateUser = await run('/api/authenticate-user');
    const statistics = new Map<string, Measurement>();
    for (const offset of offsets) {
      for (const period of STATISTICS_PERIODS) {
        process.stderr.write(`  ${statisticsKey(period, offset)}…\n`);
        statistics.set(statisticsKey(period, offset), await run(`/api/statistics/${encodeURIComponent(period)}/${offset}`));
      }
    }
    const deepPage = deepHistoryPage(historyRows);
    const conversations = new Map<string, Measurement>();
    for (const [name, path] of await conversationCalls(server.url, cookie, deepPage)) {
      process.stderr.write(`  ${name}…\n`);
      conversations.set(name, await run(path));
    }
    const search = new Map<string, Measurement>();
    for (const [name, text] of searchCalls()) {
      process.stderr.write(`  ${name}…\n`);
      search.set(
        name,
        await measure({
          url: `${server.url}/api/search`,
          connections,
          durationSeconds,
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify({ search: text, limit: PAGE_SIZE.topBarSearch, page: 0 }),
        }),
      );
    }
    // Last: argon2 keeps the CPU busy for a while after autocannon stops sending.
    const login = withLogin
      ? await measure({
          url: `${server.url}/api/login`,
          connections,
          durationSeconds,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify({ email: benchStaff.email, password: BENCH_PASSWORD }),
        })
      : undefined;
    // Logins whose client autocannon already dropped are still hashing: let them finish before the database closes.
    if (login) await new Promise((resolve) => setTimeout(resolve, 15_000));
    return {
      historyRows,
      sessions: summary.sessions,
      loadSeconds: summary.milliseconds / 1000,
      login,
      authenticateUser,
      statistics,
      conversations,
      search,
      deepPage,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Page 3000 (zero-based index 2999) where the dataset has it, else its last full page. */
const deepHistoryPage = (historyRows: number): number =>
  Math.max(0, Math.min(2999, Math.floor(historyRows / PAGE_SIZE.history) - 1));

/** The list and detail calls of the conversations screens, keyed by names that match across dataset sizes. */
async function conversationCalls(url: string, cookie: string, deepPage: number): Promise<[string, string][]> {
  const answer = await fetch(`${url}/api/all-history/0`, { headers: { cookie } });
  const firstPage = (await answer.json()) as { data?: { rows?: { session_id?: string }[] } };
  const sessionId = firstPage.data?.rows?.[0]?.session_id;
  if (!sessionId) throw new Error('The history list answered no rows to take a session from.');
  return [
    ['GET /api/all-history: page 1', '/api/all-history/0'],
    ['GET /api/all-history: deep page', `/api/all-history/${deepPage}`],
    ['GET /api/history/{sessionId}', `/api/history/${encodeURIComponent(sessionId)}`],
    ['GET /api/all-feedback: page 1', '/api/all-feedback/0/'],
    ['GET /api/all-help-requests: page 1', '/api/all-help-requests/0/'],
  ];
}

/**
 * The top bar's search as staff type it (5 per group, every group): a word of one of the dataset's topics, a
 * product's name (in about 1 in 7 sessions), a word being typed (a prefix), a word no row holds (the rarest:
 * the generated text has no rare words of its own; the GIN index answers at once), and a fragment
 * of a staff member's name (trigram match).
 */
function searchCalls(): [string, string][] {
  return [
    ['POST /api/search: common word "descale"', 'descale '],
    ['POST /api/search: product word "glacier"', 'glacier '],
    ['POST /api/search: prefix "warr"', 'warr'],
    ['POST /api/search: absent word "zeppelin"', 'zeppelin '],
    [`POST /api/search: name fragment "${benchStaff.name.slice(1, 5)}"`, benchStaff.name.slice(1, 5)],
  ];
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)}`;
const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');

function table(small: SizeResults, big: SizeResults): string {
  const rows: string[] = [
    `Embedded database (PGlite), ${connections} connections, ${durationSeconds} s per call, 127.0.0.1. ` +
      `Large: ${big.historyRows.toLocaleString('en-US')} history rows / ${big.sessions.toLocaleString('en-US')} sessions ` +
      `(loaded in ${big.loadSeconds.toFixed(0)} s); small: ${small.historyRows.toLocaleString('en-US')} rows.`,
    '',
    '| call | p50 ms | p99 ms | req/s | timeouts | p50 ÷ authenticate-user | p99 ÷ authenticate-user | p50 large ÷ small |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const line = (name: string, large: Measurement, smallOne: Measurement | undefined) => {
    const base = big.authenticateUser;
    rows.push(
      `| ${name} | ${ms(large.p50)} | ${ms(large.p99)} | ${large.requestsPerSecond.toFixed(0)} | ${large.timeouts} | ${ratio(large.p50, base.p50)} | ${ratio(large.p99, base.p99)} | ${smallOne ? ratio(large.p50, smallOne.p50) : ''} |`,
    );
  };
  line('GET /api/authenticate-user', big.authenticateUser, small.authenticateUser);
  for (const [key, measurement] of big.statistics) line(`GET /api/statistics: ${key}`, measurement, small.statistics.get(key));
  for (const [key, measurement] of big.conversations) {
    const name = key.endsWith('deep page') ? `${key} ${big.deepPage + 1}` : key;
    line(name, measurement, small.conversations.get(key));
  }
  for (const [key, measurement] of big.search) line(key, measurement, small.search.get(key));
  if (big.login) line('POST /api/login (argon2id)', big.login, undefined);
  const firstPage = big.conversations.get('GET /api/all-history: page 1');
  const deep = big.conversations.get('GET /api/all-history: deep page');
  if (firstPage && deep) {
    rows.push('', `History page ${big.deepPage + 1} ÷ page 1 (p50): ${ratio(deep.p50, firstPage.p50)} (target ≤ 1.5×).`);
  }
  if (firstPage) {
    for (const [key, measurement] of big.search) {
      rows.push(`${key} ÷ history page 1: p50 ${ratio(measurement.p50, firstPage.p50)}, p99 ${ratio(measurement.p99, firstPage.p99)} (target ≤ 3×).`);
    }
  }
  rows.push('total_count comes from list counters kept with the rows: no list call counts rows.');
  return rows.join('\n');
}

const output: string[] = [];
// First: it needs only the build, so it shows at once.
if (parts.has('widget')) output.push(widgetSizeMarkdown(measureWidgetSize()));
if (parts.has('history')) {
  const small = await benchmarkSize(smallRows, false);
  const big = await benchmarkSize(bigRows, true);
  output.push(table(small, big));
}
if (parts.has('ingestion') || parts.has('retrieval')) {
  const documents = await benchmarkDocuments(
    { historyRows: smallRows, knowledgeChunks, durationSeconds, connections, dashboardConnections, ingestionCopies },
    { ingestion: parts.has('ingestion'), retrieval: parts.has('retrieval') },
  );
  if (documents.ingestion) output.push(ingestionMarkdown(documents.ingestion));
  if (documents.retrieval) output.push(retrievalMarkdown(documents.retrieval));
}
process.stdout.write(`\n${output.join('\n\n')}\n`);
