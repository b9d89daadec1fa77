/**
 * `npm run bench`: builds generated datasets in temporary DATA_DIRs, starts the real server on each
 * (embedded database), drives it with autocannon and prints issue 15's table of targets (targets.ts),
 * then the detailed tables behind it. `--write` also puts them into docs/operations.md, between its
 * bench markers, with the date and the machine's load average; without it nothing is written.
 *
 * BENCH_ONLY: which parts, comma-separated (`hostile`: the hostile-PDF part, hostile-pdfs-bench.ts): `history` (the history, statistics, list and search calls
 * on two dataset sizes, the bare-route ceiling and the server's RSS), `documents` (= `ingestion,retrieval`),
 * `export` (every history row of a BENCH_HISTORY_ROWS data dir exported as CSV, and the server's RSS before and at
 * its peak: export-bench.ts), `ingestion` (the real PDFs of test-data/pdf end to end, and the dashboard while documents are
 * ingested), `retrieval` (knowledge search over BENCH_KNOWLEDGE_CHUNKS chunks), `bundles` (first-load
 * JavaScript of the login route against a bare React app, and the widget's size), `retention` (BENCH_HISTORY_ROWS rows, the
 * older half purged by the hourly clean-up under Bot Settings' Data retention, with history page 1's p99 during the
 * purge: retention-bench.ts), `sites` (a generated site of BENCH_SITE_PAGES pages, default 1,000, on 127.0.0.1 crawled and
 * indexed, the server's RSS growth during it, then a no-change sync as a ratio of the first crawl: site-sync-bench.ts).
 * Default: all of them.
 *
 * BENCH_DATABASE_URL: the history part runs again on this PostgreSQL database (emptied first, so its name must
 * hold "bench"), and the table of targets gains a PostgreSQL column; the `instances` part (on by default with it)
 * measures two instances behind nginx against each alone (instances-bench.ts).
 *
 * BENCH_HISTORY_ROWS (default 1,000,000), BENCH_SMALL_HISTORY_ROWS (10,000; also the history of the
 * documents parts' data dirs), BENCH_DURATION seconds per measurement (10), BENCH_ROUNDS (5: the calls
 * compared are measured in turn, this many rounds of BENCH_DURATION ÷ BENCH_ROUNDS each), BENCH_CONNECTIONS (50),
 * BENCH_TIMEZONE_OFFSETS (0,5.5,-9.5), BENCH_KNOWLEDGE_CHUNKS (100,000), BENCH_DASHBOARD_CONNECTIONS
 * (10, on each of the two dashboard calls measured idle and while documents are ingested),
 * BENCH_INGESTION_COPIES (2 copies of each of the three biggest PDFs ingested meanwhile).
 * The PDFs are the repository's test-data/pdf.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE } from '@steward/contract/paging';
import { STATISTICS_PERIODS } from '@steward/contract/statistics';
import { BENCH_PASSWORD, benchStaff, forkBenchServer, prepareDataDir, preparePostgresDatabase, type ServerProcess, signedInDevices, signIn } from './bench-server.ts';
import { SITE } from './dataset/product-content.ts';
import { firstLoadMarkdown, measureFirstLoad, widgetGzipBytes } from './bundle-sizes.ts';
import { demoteHeadings, replaceMarkedSection, runContextMarkdown } from './docs-section.ts';
import { benchmarkDocuments } from './documents-bench.ts';
import { benchmarkExport, exportMarkdown } from './export-bench.ts';
import { benchmarkHostilePdfs, hostilePdfsMarkdown } from './hostile-pdfs-bench.ts';
import { benchmarkInstances, instancesMarkdown } from './instances-bench.ts';
import { benchmarkRetention, retentionMarkdown } from './retention-bench.ts';
import { benchmarkSiteSync, siteSyncMarkdown } from './site-sync-bench.ts';
import { ingestionMarkdown, ingestionSummary, retrievalMarkdown } from './documents-report.ts';
import { type LoadOptions, type Measurement, measure, measureInRounds } from './measure.ts';
import type { ServerMemory } from './server-process-messages.ts';
import { type BenchMeasurements, CALL, runErrors, type SizeResults, statisticsCall, targetsMarkdown } from './targets.ts';

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
const offsets = (process.env.BENCH_TIMEZONE_OFFSETS || '0,5.5,-9.5').split(',').map((text) => {
  const offset = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(offset)) throw new Error(`BENCH_TIMEZONE_OFFSETS takes numbers of hours, comma-separated (got "${text}").`);
  return offset;
});
const rounds = Math.round(numberFromEnv('BENCH_ROUNDS', 5));
const knowledgeChunks = Math.round(numberFromEnv('BENCH_KNOWLEDGE_CHUNKS', 100_000));
const dashboardConnections = Math.round(numberFromEnv('BENCH_DASHBOARD_CONNECTIONS', 10));
const ingestionCopies = Math.round(numberFromEnv('BENCH_INGESTION_COPIES', 2));
const sitePages = Math.round(numberFromEnv('BENCH_SITE_PAGES', 1000));
/** The history part again on this PostgreSQL database (emptied first: its name must hold "bench"). */
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const PARTS = ['history', 'ingestion', 'retrieval', 'hostile', 'export', 'retention', 'sites', 'bundles', 'instances'] as const;
type Part = (typeof PARTS)[number];
const parts = new Set<Part>(
  (process.env.BENCH_ONLY || `history,documents,hostile,export,retention,sites,bundles${process.env.BENCH_DATABASE_URL ? ',instances' : ''}`).split(',').flatMap((name): Part[] => {
    const part = name.trim();
    if (part === 'documents') return ['ingestion', 'retrieval'];
    if ((PARTS as readonly string[]).includes(part)) return [part as Part];
    throw new Error(`BENCH_ONLY takes history, documents, ingestion, retrieval, hostile, export, retention, sites, bundles or instances (got "${part}").`);
  }),
);
const unknownArguments = process.argv.slice(2).filter((argument) => argument !== '--write');
if (unknownArguments.length > 0) throw new Error(`run-benchmarks.ts takes --write only (got ${unknownArguments.join(' ')}).`);
const write = process.argv.includes('--write');

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Page 3000 (zero-based index 2999) where a list of `rows` has it, else its last full page. */
const deepPage = (rows: number, pageSize: number): number => Math.max(0, Math.min(2999, Math.floor(rows / pageSize) - 1));

/**
 * One dataset size: every call of the history part on a fresh data dir and server (in a process of its own,
 * autocannon in this one), measured in BENCH_ROUNDS rounds (measureInRounds), so each ratio compares calls
 * measured over the same stretch of the run. On the large size also the bare-route ceiling, login (last, on
 * its own: argon2 keeps the CPU busy after autocannon stops) and the server process's memory.
 */
async function benchmarkSize(historyRows: number, large: boolean, postgresUrl?: string): Promise<{ size: SizeResults; memory?: ServerMemory }> {
  log(`Generating ${historyRows.toLocaleString('en-US')} history rows${postgresUrl ? ' on PostgreSQL' : ''}…`);
  const { dataDir, summary } = postgresUrl ? await preparePostgresDatabase(postgresUrl, historyRows) : await prepareDataDir(historyRows);
  log(`  loaded in ${(summary.milliseconds / 1000).toFixed(1)} s; starting the server`);
  const server = await forkBenchServer(dataDir, postgresUrl ? { DATABASE_URL: postgresUrl } : {});
  try {
    const cookie = await signIn(server.url);
    const browserPost = { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' };
    const load: [string, LoadOptions][] = [];
    const add = (name: string, options: Omit<LoadOptions, 'connections' | 'durationSeconds'>) => load.push([name, { connections, durationSeconds, ...options }]);
    const get = (name: string, call: string) => add(name, { url: `${server.url}${call}`, headers: { cookie } });

    get(CALL.authenticateUser, '/api/authenticate-user');
    if (large) add(CALL.bareRoute, { url: server.bareUrl });
    for (const offset of offsets) {
      for (const period of STATISTICS_PERIODS) get(statisticsCall(period, offset), `/api/statistics/${encodeURIComponent(period)}/${offset}`);
    }
    const deepPages = {
      history: deepPage(summary.history, PAGE_SIZE.history),
      feedback: deepPage(summary.feedbackUp + summary.feedbackDown, PAGE_SIZE.feedback),
      helpRequests: deepPage(summary.helpRequestsPending + summary.helpRequestsResolved, PAGE_SIZE.helpRequests),
    };
    get(CALL.historyPage1, '/api/all-history/0');
    get(CALL.historyDeep, `/api/all-history/${deepPages.history}`);
    get(CALL.session, `/api/history/${encodeURIComponent(await firstSessionId(server.url, cookie))}`);
    get(CALL.feedbackPage1, '/api/all-feedback/0/');
    get(CALL.feedbackDeep, `/api/all-feedback/${deepPages.feedback}/`);
    get(CALL.helpRequestsPage1, '/api/all-help-requests/0/');
    get(CALL.helpRequestsDeep, `/api/all-help-requests/${deepPages.helpRequests}/`);
    // Triage filters the list counters do not keep (issue 40): a common one, and the narrowest mix of three.
    get('GET /api/all-history/0?rating=down', '/api/all-history/0?rating=down');
    get('GET /api/all-history/0?rating=down, one country and site', `/api/all-history/0?rating=down&country=BR&origin=${encodeURIComponent(SITE)}`);
    for (const [name, text] of searchCalls()) {
      add(name, {
        url: `${server.url}/api/search`,
        method: 'POST',
        headers: { cookie, ...browserPost },
        body: JSON.stringify({ search: text, limit: PAGE_SIZE.topBarSearch, page: 0 }),
      });
    }
    const login: LoadOptions = {
      url: `${server.url}/api/login`,
      connections,
      durationSeconds,
      method: 'POST',
      headers: browserPost,
      body: JSON.stringify({ email: benchStaff.email, password: BENCH_PASSWORD }),
      // Each connection a browser that signed in before: the throttle lets each of them through.
      ...(large ? { connectionHeaders: (await signedInDevices(server.url, connections)).map((cookie) => ({ cookie })) } : {}),
    };
    const memory = large ? await memoryAfterEveryCall(server, load, login) : undefined;
    log(`  ${load.length} calls, warmed up, then ${rounds} rounds of ${(durationSeconds / rounds).toFixed(1)} s each…`);
    const measured = await measureInRounds(
      load.map(([, options]) => options),
      rounds,
    );
    const calls = new Map<string, Measurement>();
    for (const [index, [name]] of load.entries()) {
      const measurement = measured[index];
      if (measurement) calls.set(name, measurement);
    }
    if (!large) return { size: { historyRows, sessions: summary.sessions, loadSeconds: summary.milliseconds / 1000, calls, deepPages } };
    // Last, on its own: argon2 keeps the CPU busy after autocannon stops.
    log(`  ${CALL.login}…`);
    calls.set(CALL.login, await measure(login));
    await new Promise((resolve) => setTimeout(resolve, LOGINS_FINISHING_MS));
    return { size: { historyRows, sessions: summary.sessions, loadSeconds: summary.milliseconds / 1000, calls, deepPages }, ...(memory ? { memory } : {}) };
  } finally {
    // Requests autocannon dropped when its last measurement ended are still being answered: let them end
    // before the database closes under them.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Logins whose client autocannon already dropped are still hashing: they finish before anything else. */
const LOGINS_FINISHING_MS = 15_000;

/**
 * The server's memory after it served every call at full load, one after the other, and then the logins (argon2id
 * takes 19 MiB a hash): a pass of its own, before the rounds. In rounds the bench opens and drops 50 connections
 * a slice, 6,500 in all, and V8 collects their garbage lazily on a machine of 24 GB: after the same calls the
 * server's RSS read 487-520 MB in rounds and 416-423 MB one after the other, with the same 40 MB of live heap.
 */
async function memoryAfterEveryCall(server: ServerProcess, load: readonly [string, LoadOptions][], login: LoadOptions): Promise<ServerMemory> {
  log(`  the server's memory: the ${load.length} calls one after the other, then logins…`);
  for (const [, options] of load) await measure(options);
  await measure(login);
  await new Promise((resolve) => setTimeout(resolve, LOGINS_FINISHING_MS));
  return server.memory();
}

/** A session of the history list's first page, for the one-session call. */
async function firstSessionId(url: string, cookie: string): Promise<string> {
  const answer = await fetch(`${url}/api/all-history/0`, { headers: { cookie } });
  const firstPage = (await answer.json()) as { data?: { rows?: { session_id?: string }[] } };
  const sessionId = firstPage.data?.rows?.[0]?.session_id;
  if (!sessionId) throw new Error('The history list answered no rows to take a session from.');
  return sessionId;
}

/**
 * The top bar's search as staff type it (5 per group, every group): a word of one of the dataset's topics, a
 * product's name (in about 1 in 7 sessions), a word being typed (a prefix), a word no row holds (the rarest:
 * the generated text has no rare words of its own; the GIN index answers at once), and a fragment
 * of a staff member's name (trigram match).
 */
function searchCalls(): [string, string][] {
  return [
    [CALL.searchCommon, 'descale '],
    ['POST /api/search: product word "glacier"', 'glacier '],
    ['POST /api/search: prefix "warr"', 'warr'],
    [CALL.searchRare, 'zeppelin '],
    [`POST /api/search: name fragment "${benchStaff.name.slice(1, 5)}"`, benchStaff.name.slice(1, 5)],
  ];
}

const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)}`;
const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');

/** Every call of both sizes: the figures the history rows of the targets table are computed from. */
function historyMarkdown(small: SizeResults | undefined, big: SizeResults, engine: 'PGlite' | 'PostgreSQL' = 'PGlite'): string {
  const base = big.calls.get(CALL.authenticateUser);
  const rows: string[] = [
    `### Every call of the history part${engine === 'PostgreSQL' ? ', on PostgreSQL' : ''}`,
    '',
    `${engine === 'PGlite' ? 'Embedded database (PGlite)' : 'PostgreSQL (BENCH_DATABASE_URL), the server in a process of its own beside it'}, ${connections} connections, ${durationSeconds} s per call in ${rounds} rounds (every call in turn, each round), 127.0.0.1. ` +
      `Large: ${big.historyRows.toLocaleString('en-US')} history rows / ${big.sessions.toLocaleString('en-US')} sessions ` +
      `(loaded in ${big.loadSeconds.toFixed(0)} s)${small ? `; small: ${small.historyRows.toLocaleString('en-US')} rows` : ''}.`,
    '',
    '| call | p50 ms | p99 ms | p99 ÷ p50 | req/s | req/s ÷ authenticate-user | timeouts | errors | p50 ÷ authenticate-user | p99 ÷ authenticate-user | p50 large ÷ small |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const deepName = (name: string) => {
    if (name === CALL.historyDeep) return `${name} ${big.deepPages.history + 1}`;
    if (name === CALL.feedbackDeep) return `${name} ${big.deepPages.feedback + 1}`;
    if (name === CALL.helpRequestsDeep) return `${name} ${big.deepPages.helpRequests + 1}`;
    return name;
  };
  for (const [name, large] of big.calls) {
    const smallOne = small?.calls.get(name);
    rows.push(
      `| ${deepName(name)} | ${ms(large.p50)} | ${ms(large.p99)} | ${ratio(large.p99, large.p50)} | ${large.requestsPerSecond.toFixed(0)} | ` +
        `${base ? ratio(large.requestsPerSecond, base.requestsPerSecond) : ''} | ${large.timeouts} | ${large.errors} | ` +
        `${base ? ratio(large.p50, base.p50) : ''} | ${base ? ratio(large.p99, base.p99) : ''} | ${smallOne ? ratio(large.p50, smallOne.p50) : ''} |`,
    );
  }
  const firstPage = big.calls.get(CALL.historyPage1);
  if (firstPage) {
    rows.push('');
    for (const [name, measurement] of big.calls) {
      if (!name.startsWith('POST /api/search')) continue;
      rows.push(`${name} ÷ history page 1: p50 ${ratio(measurement.p50, firstPage.p50)}, p99 ${ratio(measurement.p99, firstPage.p99)} (target ≤ 3×).`);
    }
  }
  rows.push('total_count comes from list counters kept with the rows: no list call counts rows.');
  return rows.join('\n');
}

/** An error's message, its cause's too (a failed query's database error), cut short: a query's parameters can be a megabyte of vectors. */
const errorText = (error: unknown): string => {
  const text = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
  return text.length > 1000 ? `${text.slice(0, 500)} … ${text.slice(-400)}` : text;
};

/** Runs one part; a part that throws is recorded (the run is marked) and the others still run. */
async function part<T>(name: string, failures: string[], work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    log(`${name} failed: ${errorText(error)}`);
    failures.push(`${name} failed: ${errorText(error)}`);
    return undefined;
  }
}

const loadAverageAtStart = os.loadavg();
const measurements: BenchMeasurements = { periods: STATISTICS_PERIODS, offsets, failures: [] };
const details: string[] = [];
if (parts.has('history')) {
  const small = await part(`history (${smallRows.toLocaleString('en-US')} rows)`, measurements.failures, () => benchmarkSize(smallRows, false));
  const big = await part(`history (${bigRows.toLocaleString('en-US')} rows)`, measurements.failures, () => benchmarkSize(bigRows, true));
  if (small) measurements.small = small.size;
  if (big) {
    measurements.large = big.size;
    if (big.memory !== undefined) measurements.serverMemory = big.memory;
    details.push(historyMarkdown(small?.size, big.size));
  }
  if (benchDatabaseUrl) {
    const url = benchDatabaseUrl;
    const pgSmall = await part(`history on PostgreSQL (${smallRows.toLocaleString('en-US')} rows)`, measurements.failures, () => benchmarkSize(smallRows, false, url));
    const pgBig = await part(`history on PostgreSQL (${bigRows.toLocaleString('en-US')} rows)`, measurements.failures, () => benchmarkSize(bigRows, true, url));
    measurements.postgres = {
      ...(pgSmall ? { small: pgSmall.size } : {}),
      ...(pgBig ? { large: pgBig.size } : {}),
      ...(pgBig?.memory ? { serverMemory: pgBig.memory } : {}),
    };
    if (pgBig) details.push(historyMarkdown(pgSmall?.size, pgBig.size, 'PostgreSQL'));
  }
}
if (parts.has('instances')) {
  if (!benchDatabaseUrl) throw new Error('BENCH_ONLY=instances needs BENCH_DATABASE_URL: two instances share one PostgreSQL database.');
  const url = benchDatabaseUrl;
  const instances = await part('instances', measurements.failures, () =>
    benchmarkInstances(url, { historyRows: bigRows, reuse: measurements.postgres?.large !== undefined, connections, durationSeconds, rounds }),
  );
  if (instances) details.push(instancesMarkdown(instances));
}
if (parts.has('ingestion') || parts.has('retrieval')) {
  const documents = await part('documents', measurements.failures, () =>
    benchmarkDocuments(
      { historyRows: smallRows, knowledgeChunks, durationSeconds, rounds, connections, dashboardConnections, ingestionCopies },
      { ingestion: parts.has('ingestion'), retrieval: parts.has('retrieval') },
    ),
  );
  if (documents?.ingestion) {
    const { ingestion } = documents;
    measurements.ingestionRatio = ingestionSummary(ingestion).overhead;
    for (const failure of ingestion.endToEnd.failures) measurements.failures.push(`ingestion: ${failure.name} did not complete (${failure.reason})`);
    for (const phase of ingestion.dashboard.phases) {
      for (const [name, measured] of [[CALL.authenticateUser, phase.calls.authenticateUser], [CALL.historyPage1, phase.calls.historyPage1]] as const) {
        if (measured.errors > 0) measurements.failures.push(`${name} (dashboard ${phase.name}): ${measured.errors} errors`);
      }
    }
    details.push(ingestionMarkdown(ingestion));
  }
  if (documents?.retrieval) {
    const run = documents.retrieval.runs.find((entry) => entry.connections === connections);
    const oneAtATime = documents.retrieval.runs.find((entry) => entry.connections === 1);
    if (run) {
      measurements.retrieval = {
        chunks: documents.retrieval.knowledge.chunks,
        search: run.search,
        historyPage1: run.historyPage1,
        ...(oneAtATime ? { searchOneAtATime: oneAtATime.search } : {}),
      };
    }
    details.push(retrievalMarkdown(documents.retrieval));
  }
}
if (parts.has('export')) {
  const exported = await part('export', measurements.failures, () => benchmarkExport(bigRows));
  if (exported) {
    measurements.export = {
      rows: exported.rows,
      rssBeforeBytes: exported.before.rssBytes,
      peakBytes: exported.after.peakBytes,
      warmBeforeBytes: exported.after.afterGcBytes,
      warmPeakBytes: exported.again.peakBytes,
      warmLiveBeforeBytes: exported.after.liveBytes,
      warmMostLiveBytes: exported.again.mostLiveBytes,
    };
    details.push(exportMarkdown(exported));
  }
}

if (parts.has('retention')) {
  const retention = await part('retention', measurements.failures, () => benchmarkRetention({ historyRows: bigRows, connections: dashboardConnections }));
  if (retention) {
    if (retention.errors > 0) measurements.failures.push(`retention: history page 1 had ${retention.errors} errors during the run`);
    if (retention.during.answers === 0) measurements.failures.push('retention: no answer of history page 1 arrived during the purge');
    details.push(retentionMarkdown(retention));
  }
}

if (parts.has('sites')) {
  const siteSync = await part('website', measurements.failures, () => benchmarkSiteSync(sitePages));
  if (siteSync) {
    measurements.siteSync = {
      pages: siteSync.pages,
      indexed: siteSync.indexed,
      rssBeforeBytes: siteSync.before.rssBytes,
      peakBytes: siteSync.during.peakBytes,
      firstCrawlMs: siteSync.firstCrawlMs,
      resyncMs: siteSync.resyncMs,
      unchanged: siteSync.resync.unchanged,
    };
    details.push(siteSyncMarkdown(siteSync));
  }
}

if (parts.has('hostile')) {
  const hostile = await part('hostile PDFs', measurements.failures, benchmarkHostilePdfs);
  if (hostile) {
    measurements.hostilePdfs = {
      rssBeforeBytes: hostile.before.peakBytes,
      peakBytes: hostile.after.peakBytes,
      failedAsExpected: hostile.outcomes.filter((outcome) => (outcome.name === 'bomb-1gib.pdf' || outcome.name === 'pages-20000.pdf') && outcome.status === 'error').length === 2,
      nextCompleted: hostile.outcomes.some((outcome) => outcome.name === 'after.pdf' && outcome.status === 'completed'),
    };
    if (!measurements.hostilePdfs.failedAsExpected || !measurements.hostilePdfs.nextCompleted) {
      measurements.failures.push(`hostile PDFs: ${hostile.outcomes.map((outcome) => `${outcome.name} ${outcome.status}`).join(', ')}`);
    }
    details.push(hostilePdfsMarkdown(hostile));
  }
}
if (parts.has('bundles')) {
  log('Bundles: building the bare React app with the dashboard\'s Vite config…');
  const firstLoad = await part('first-load JavaScript', measurements.failures, measureFirstLoad);
  if (firstLoad) {
    measurements.firstLoad = { dashboardBytes: firstLoad.dashboard.bytes, bareBytes: firstLoad.bare.bytes };
    details.push(firstLoadMarkdown(firstLoad));
  }
  measurements.widgetGzipBytes = widgetGzipBytes();
}
const loadAverageAtEnd = os.loadavg();

const context = runContextMarkdown({
  date: new Date(),
  loadAverageAtStart,
  loadAverageAtEnd,
  nodeVersion: process.version,
  environment: Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[0].startsWith('BENCH_')).sort(),
  ),
});
const report = ['### Issue 15: the targets', '', context, '', targetsMarkdown(measurements), ...details.map((detail) => `\n${detail}`)].join('\n');
process.stdout.write(`\n${report}\n`);
if (write) {
  const operations = path.resolve(import.meta.dirname, '../../docs/operations.md');
  fs.writeFileSync(operations, replaceMarkedSection(fs.readFileSync(operations, 'utf8'), demoteHeadings(report)));
  log(`Wrote the table into ${path.relative(process.cwd(), operations)}.`);
}
// A run with errors still prints (and, asked to, writes) its table, marked; its exit status says so too.
if (runErrors(measurements).length > 0) process.exitCode = 1;
