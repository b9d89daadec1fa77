/**
 * Issue 15's targets: one list of rows, each computed from what the bench measured in the same run,
 * and the one table `npm run bench` prints first. Pure: no I/O (run-benchmarks.ts gathers the
 * measurements, targets.test.ts checks the verdicts).
 */
import type { Measurement } from './measure.ts';
import type { ServerMemory } from './server-process-messages.ts';

/** The names of the measured calls, shared by the runner (which keys its results by them) and the rows. */
export const CALL = {
  authenticateUser: 'GET /api/authenticate-user',
  bareRoute: 'GET /bare (a bare Fastify route, same process)',
  historyPage1: 'GET /api/all-history: page 1',
  historyDeep: 'GET /api/all-history: deep page',
  session: 'GET /api/history/{sessionId}',
  feedbackPage1: 'GET /api/all-feedback: page 1',
  feedbackDeep: 'GET /api/all-feedback: deep page',
  helpRequestsPage1: 'GET /api/all-help-requests: page 1',
  helpRequestsDeep: 'GET /api/all-help-requests: deep page',
  searchCommon: 'POST /api/search: common word "descale"',
  searchRare: 'POST /api/search: absent word "zeppelin"',
  login: 'POST /api/login (argon2id)',
} as const;

/** The list calls the throughput target covers (every page measured of the three lists). */
export const LIST_CALLS = [CALL.historyPage1, CALL.historyDeep, CALL.feedbackPage1, CALL.feedbackDeep, CALL.helpRequestsPage1, CALL.helpRequestsDeep] as const;

export const statisticsCall = (period: string, offset: number) => `GET /api/statistics: ${period} (offset ${offset})`;

/** One dataset size of the history part: every call measured on it, by name. */
export interface SizeResults {
  historyRows: number;
  sessions: number;
  loadSeconds: number;
  calls: Map<string, Measurement>;
  /** Zero-based deep page measured for each list (page 3000, or the last full page of a smaller dataset). */
  deepPages: { history: number; feedback: number; helpRequests: number };
}

/** Everything one run measured; a part that did not run (BENCH_ONLY) or failed leaves its fields out. */
export interface BenchMeasurements {
  periods: readonly string[];
  offsets: readonly number[];
  large?: SizeResults;
  small?: SizeResults;
  /** The server process's resident set right after the large size's calls (the bench runs the server in a child process). */
  serverMemory?: ServerMemory;
  /** The hostile-PDF part (hostile-pdfs-bench.ts): the server's RSS before and at its peak, and the files' outcomes. */
  hostilePdfs?: { rssBeforeBytes: number; peakBytes: number; failedAsExpected: boolean; nextCompleted: boolean };
  /**
   * The export part (export-bench.ts): the server's RSS before and its peak while exporting every history row,
   * and the same for a second export; and the second export's live memory before it and the most after any full
   * collection during it (server-process.mjs).
   */
  export?: {
    rows: number;
    rssBeforeBytes: number;
    peakBytes: number;
    warmBeforeBytes: number;
    warmPeakBytes: number;
    warmLiveBeforeBytes: number;
    warmMostLiveBytes: number;
  };
  /** The website part (site-sync-bench.ts): the server's RSS before and at its peak during the first crawl, and the no-change sync ÷ the first crawl. */
  siteSync?: { pages: number; indexed: number; rssBeforeBytes: number; peakBytes: number; firstCrawlMs: number; resyncMs: number; unchanged: number };
  /** End to end ÷ the in-process parse + chunk + embed of the same real PDFs (documents-report.ts's ingestionSummary). */
  ingestionRatio?: number;
  /** The retrieval part's run at the bench's connections, and its search one at a time (1 connection). */
  retrieval?: { chunks: number; search: Measurement; historyPage1: Measurement; searchOneAtATime?: Measurement };
  /** gzip bytes of the JS the login route loads first. */
  firstLoad?: { dashboardBytes: number; bareBytes: number };
  /** apps/widget/dist/widget.js gzipped, or null when it is not built. */
  widgetGzipBytes?: number | null;
  /** The history part again on PostgreSQL (BENCH_DATABASE_URL): the table's PostgreSQL column. */
  postgres?: { large?: SizeResults; small?: SizeResults; serverMemory?: ServerMemory };
  /** Parts that failed: the run is marked, their rows show "not measured". */
  failures: string[];
}

type Comparator = '≤' | '≥' | 'report';

/** What a row computed: the value, what it was computed from, and the measurements whose timeouts and errors count. */
export interface Computed {
  value: number;
  /** Which call gave it, when a row takes the worst of several. */
  note?: string;
  used: readonly Measurement[];
}

export interface TargetRow {
  id: string;
  metric: string;
  comparator: Comparator;
  threshold: number;
  unit: '×' | 'MB' | 'kB' | 'ms';
  /** What a miss means, shown beside its ✗. */
  why: string;
  /** undefined: not measured; a string: why there is no value (e.g. "not built"). */
  compute: (measurements: BenchMeasurements) => Computed | string | undefined;
}

export type Status = 'pass' | 'fail' | 'report' | 'error' | 'missing';

export interface EvaluatedRow {
  row: TargetRow;
  status: Status;
  value?: number;
  note?: string;
  /** "not measured", "not built", …: the value cell when there is no value. */
  missing?: string;
  timeouts: number;
  errors: number;
}

const NOT_MEASURED = 'not measured';

/** a ÷ b of two p50s, with both measurements counted. */
const p50Ratio = (value: Measurement | undefined, base: Measurement | undefined): Computed | undefined =>
  value && base && base.p50 > 0 ? { value: value.p50 / base.p50, used: [value, base] } : undefined;

/** The largest (or smallest) of several computed values, naming the one it came from; all their measurements count. */
function worst(entries: readonly [string, Computed | undefined][], pick: 'max' | 'min'): Computed | undefined {
  const present = entries.filter((entry): entry is [string, Computed] => entry[1] !== undefined);
  if (present.length === 0 || present.length < entries.length) return undefined;
  const [name, chosen] = present.reduce((best, entry) => ((pick === 'max' ? entry[1].value > best[1].value : entry[1].value < best[1].value) ? entry : best));
  return { value: chosen.value, note: name, used: present.flatMap(([, computed]) => computed.used) };
}

const call = (size: SizeResults | undefined, name: string) => size?.calls.get(name);

function statisticsRows(offsets: readonly number[]): TargetRow[] {
  return offsets.map((offset) => ({
    id: `statistics-vs-authenticate-${offset}`,
    metric: `each statistics period ÷ \`GET /api/authenticate-user\` (p50), offset ${offset}`,
    comparator: '≤',
    // A guard against regressions since authenticate-user got 14× faster (issue 42): 2.2× of it is a few ms.
    threshold: 2.2,
    unit: '×',
    why: 'a statistics period got slower than the guard allows',
    compute: ({ large, periods }) =>
      worst(
        periods.map((period) => [period, p50Ratio(call(large, statisticsCall(period, offset)), call(large, CALL.authenticateUser))]),
        'max',
      ),
  }));
}

const deepRow = (id: string, list: string, page1: string, deep: string, pageOf: (size: SizeResults) => number): TargetRow => ({
  id,
  metric: `${list} deep page ÷ page 1 (p50)`,
  comparator: '≤',
  threshold: 1.5,
  unit: '×',
  why: 'a deep page reads rows it skips',
  compute: ({ large }) => {
    const computed = p50Ratio(call(large, deep), call(large, page1));
    return computed && large ? { ...computed, note: `page ${pageOf(large) + 1}` } : undefined;
  },
});

const searchRow = (id: string, word: string, name: string): TargetRow => ({
  id,
  metric: `global search, ${word}, ÷ history page 1 (p50)`,
  comparator: '≤',
  threshold: 3,
  unit: '×',
  why: 'the search scans rows its index should skip',
  compute: ({ large }) => p50Ratio(call(large, name), call(large, CALL.historyPage1)),
});

/** Every row of issue 15's table, in its order; the statistics rows follow the offsets measured. */
export function targetRows(offsets: readonly number[]): TargetRow[] {
  return [
    ...statisticsRows(offsets),
    {
      id: 'statistics-large-vs-small',
      metric: 'statistics at the large dataset ÷ at the small one (p50, every period and offset)',
      comparator: '≤',
      threshold: 1.5,
      unit: '×',
      why: 'statistics grow with the rows: the rollups are not read',
      compute: ({ large, small, periods, offsets: measured }) =>
        worst(
          measured.flatMap((offset) => periods.map((period): [string, Computed | undefined] => {
            const name = statisticsCall(period, offset);
            return [`${period}, offset ${offset}`, p50Ratio(call(large, name), call(small, name))];
          })),
          'max',
        ),
    },
    deepRow('history-deep-page', 'history', CALL.historyPage1, CALL.historyDeep, (size) => size.deepPages.history),
    deepRow('feedback-deep-page', 'feedback', CALL.feedbackPage1, CALL.feedbackDeep, (size) => size.deepPages.feedback),
    deepRow('help-requests-deep-page', 'help requests', CALL.helpRequestsPage1, CALL.helpRequestsDeep, (size) => size.deepPages.helpRequests),
    searchRow('search-rare', 'a rare word ("zeppelin", in no row)', CALL.searchRare),
    searchRow('search-common', 'a common word ("descale")', CALL.searchCommon),
    {
      id: 'list-throughput',
      metric: 'throughput (req/s) of each list call ÷ authenticate-user throughput',
      comparator: '≥',
      // A guard against regressions since authenticate-user got 14× faster (issue 42).
      threshold: 0.3,
      unit: '×',
      why: 'a list call serves fewer requests than the guard allows',
      compute: ({ large }) => {
        const base = call(large, CALL.authenticateUser);
        return worst(
          LIST_CALLS.map((name): [string, Computed | undefined] => {
            const measured = call(large, name);
            return [name, measured && base && base.requestsPerSecond > 0 ? { value: measured.requestsPerSecond / base.requestsPerSecond, used: [measured, base] } : undefined];
          }),
          'min',
        );
      },
    },
    {
      id: 'p99-vs-p50',
      metric: 'p99 ÷ p50 of every call (large dataset)',
      comparator: '≤',
      threshold: 4,
      unit: '×',
      why: 'some requests wait far longer than the typical one',
      // The bare route is the ceiling, not a call of Steward's; a p50 under autocannon's resolution has no ratio.
      compute: ({ large }) =>
        worst(
          [...(large?.calls ?? [])]
            .filter(([name, measured]) => name !== CALL.bareRoute && measured.p50 > 0)
            .map(([name, measured]) => [name, { value: measured.p99 / measured.p50, used: [measured] }]),
          'max',
        ),
    },
    {
      id: 'authenticate-vs-bare',
      metric: '`GET /api/authenticate-user` req/s ÷ a bare Fastify route answering `{success:true}` in the same process',
      comparator: 'report',
      threshold: 0,
      unit: '×',
      why: '',
      compute: ({ large }) => {
        const authenticate = call(large, CALL.authenticateUser);
        const bare = call(large, CALL.bareRoute);
        return authenticate && bare && bare.requestsPerSecond > 0
          ? { value: authenticate.requestsPerSecond / bare.requestsPerSecond, used: [authenticate, bare] }
          : undefined;
      },
    },
    {
      id: 'server-rss',
      metric: 'server RSS after the large dataset\'s calls, after a full garbage collection (the server\'s own process)',
      comparator: '≤',
      threshold: 500,
      unit: 'MB',
      why: 'the server keeps more memory than a small machine has to spare',
      compute: ({ serverMemory }) =>
        serverMemory === undefined
          ? undefined
          : {
              value: serverMemory.afterGcBytes / 1e6,
              note: `before it ${(serverMemory.rssBytes / 1e6).toFixed(1)} MB, at most ${(serverMemory.peakBytes / 1e6).toFixed(1)} MB during the calls`,
              used: [],
            },
    },
    {
      id: 'pdf-bomb-rss',
      metric: 'server RSS peak while a 1 MB PDF that inflates to 1 GiB is read, above its peak after an ordinary PDF (it and a 20,000-page PDF must end as Failed, and the next PDF complete)',
      comparator: '≤',
      threshold: 150,
      unit: 'MB',
      why: 'a crafted PDF can take the server\'s memory',
      compute: ({ hostilePdfs }) => {
        if (hostilePdfs === undefined) return undefined;
        if (!hostilePdfs.failedAsExpected || !hostilePdfs.nextCompleted) return 'the hostile files did not end as Failed, or the next one did not complete';
        return {
          value: Math.max(0, hostilePdfs.peakBytes - hostilePdfs.rssBeforeBytes) / 1e6,
          note: `peak ${(hostilePdfs.rssBeforeBytes / 1e6).toFixed(1)} MB before them, ${(hostilePdfs.peakBytes / 1e6).toFixed(1)} MB after`,
          used: [],
        };
      },
    },
    {
      id: 'site-crawl-rss',
      metric: "the server's RSS growth while a generated website of 1,000 pages (BENCH_SITE_PAGES) is crawled and indexed: its peak during the crawl − before",
      comparator: '≤',
      threshold: 150,
      unit: 'MB',
      why: 'a crawl\'s memory grows with the site\'s pages',
      compute: ({ siteSync }) => {
        if (siteSync === undefined) return undefined;
        if (siteSync.indexed < siteSync.pages) return `only ${siteSync.indexed} of ${siteSync.pages} pages were indexed`;
        return {
          value: Math.max(0, siteSync.peakBytes - siteSync.rssBeforeBytes) / 1e6,
          note: `${siteSync.pages} pages in ${(siteSync.firstCrawlMs / 1000).toFixed(1)} s; ${(siteSync.rssBeforeBytes / 1e6).toFixed(1)} MB before, peak ${(siteSync.peakBytes / 1e6).toFixed(1)} MB`,
          used: [],
        };
      },
    },
    {
      id: 'site-resync',
      metric: 'a no-change sync of that website (304s to its conditional requests) ÷ its first crawl',
      comparator: '≤',
      threshold: 0.25,
      unit: '×',
      why: 'a sync reads or embeds again what did not change',
      compute: ({ siteSync }) => {
        if (siteSync === undefined) return undefined;
        if (siteSync.unchanged < siteSync.pages) return `the sync found ${siteSync.unchanged} of ${siteSync.pages} pages unchanged`;
        return { value: siteSync.resyncMs / siteSync.firstCrawlMs, note: `${(siteSync.resyncMs / 1000).toFixed(1)} s against ${(siteSync.firstCrawlMs / 1000).toFixed(1)} s`, used: [] };
      },
    },
    {
      id: 'ingestion',
      metric: 'document ingestion of the real PDFs: end to end ÷ the in-process parse + chunk + embed of the same files (our overhead around the model)',
      comparator: '≤',
      threshold: 1.2,
      unit: '×',
      why: 'the server adds more than a fifth around parsing and the model',
      compute: ({ ingestionRatio }) => (ingestionRatio === undefined ? undefined : { value: ingestionRatio, used: [] }),
    },
    {
      id: 'export-memory',
      metric:
        "the memory the server holds while exporting every history row as CSV (a second export): the most live after any of V8's full collections during it − live before it (the heap in use and the external memory V8 counts; the RSS in the note)",
      comparator: '≤',
      threshold: 100,
      unit: 'MB',
      why: 'an export\'s memory grows with the rows',
      compute: (measurements) => {
        const exported = measurements.export;
        if (exported === undefined) return undefined;
        const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
        return {
          value: Math.max(0, exported.warmMostLiveBytes - exported.warmLiveBeforeBytes) / 1e6,
          note:
            `${exported.rows.toLocaleString('en-US')} rows; live ${mb(exported.warmLiveBeforeBytes)} before, at most ${mb(exported.warmMostLiveBytes)}; ` +
            `RSS ${mb(exported.warmBeforeBytes)} before, peak ${mb(exported.warmPeakBytes)} (the first export from ${mb(exported.rssBeforeBytes)} to a peak of ${mb(exported.peakBytes)})`,
          used: [],
        };
      },
    },
    {
      id: 'retrieval',
      metric: `knowledge search p50, one search at a time, at 100,000 chunks ÷ the 26 Nov 2026 run's ${KNOWLEDGE_SEARCH_P50_26_NOV_MS} ms (held by the answers work, issue 37)`,
      comparator: '≤',
      threshold: 1.5,
      unit: '×',
      why: 'better answers cost more search time than allowed',
      compute: ({ retrieval }) =>
        retrieval?.searchOneAtATime
          ? {
              value: retrieval.searchOneAtATime.p50 / KNOWLEDGE_SEARCH_P50_26_NOV_MS,
              note: `${retrieval.searchOneAtATime.p50.toFixed(1)} ms at ${retrieval.chunks.toLocaleString('en-US')} chunks`,
              used: [retrieval.searchOneAtATime],
            }
          : undefined,
    },
    {
      id: 'first-load-js',
      metric: 'first-load JavaScript of the login route (gzip) ÷ a bare React 19 + React Router app, same Vite settings',
      comparator: '≤',
      threshold: 2,
      unit: '×',
      why: 'the login screen loads too much JavaScript',
      compute: ({ firstLoad }) =>
        firstLoad && firstLoad.bareBytes > 0
          ? { value: firstLoad.dashboardBytes / firstLoad.bareBytes, note: `${kB(firstLoad.dashboardBytes)} against ${kB(firstLoad.bareBytes)}`, used: [] }
          : undefined,
    },
    {
      id: 'widget-gzip',
      metric: '`apps/widget/dist/widget.js` gzip size',
      comparator: '≤',
      threshold: 30,
      unit: 'kB',
      why: 'the widget weighs on every page of the customer\'s site',
      compute: ({ widgetGzipBytes }) => {
        if (widgetGzipBytes === undefined) return undefined;
        if (widgetGzipBytes === null) return 'not built';
        return { value: widgetGzipBytes / 1000, used: [] };
      },
    },
  ];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Knowledge search p50 at 100,000 chunks, one search at a time, on 26 Nov 2026 (docs/operations.md): issue 42's reference. */
export const KNOWLEDGE_SEARCH_P50_26_NOV_MS = 14;

const passes = (comparator: Comparator, value: number, threshold: number) => (comparator === '≥' ? value >= threshold : value <= threshold);

/** A row's verdict: a value that leans on a measurement with errors is no pass, nor a fail: the run is broken there. */
export function evaluate(row: TargetRow, measurements: BenchMeasurements): EvaluatedRow {
  const computed = row.compute(measurements);
  if (computed === undefined || typeof computed === 'string') {
    return { row, status: 'missing', missing: computed ?? NOT_MEASURED, timeouts: 0, errors: 0 };
  }
  const timeouts = computed.used.reduce((sum, measured) => sum + measured.timeouts, 0);
  const errors = computed.used.reduce((sum, measured) => sum + measured.errors, 0);
  const status: Status = errors > 0 ? 'error' : row.comparator === 'report' ? 'report' : passes(row.comparator, computed.value, row.threshold) ? 'pass' : 'fail';
  return { row, status, value: computed.value, ...(computed.note ? { note: computed.note } : {}), timeouts, errors };
}

const STATUS_MARK: Record<Status, string> = { pass: '✓', fail: '✗', report: '—', error: '✗ (errors)', missing: '—' };

const formatValue = (value: number, unit: TargetRow['unit']) => (unit === '×' ? `${value.toFixed(2)}×` : `${value.toFixed(1)} ${unit}`);
const verdict = (entry: EvaluatedRow) => (entry.status === 'fail' && entry.row.why ? `✗: ${entry.row.why}` : STATUS_MARK[entry.status]);
const formatTarget = (row: TargetRow) => (row.comparator === 'report' ? 'report it (no target)' : `${row.comparator} ${formatValue(row.threshold, row.unit)}`);

/** Whether the run may be trusted: no failed part and no errors in any call it measured. */
export function runErrors(measurements: BenchMeasurements): string[] {
  const failing: string[] = [...measurements.failures];
  for (const [label, size] of [
    ['large', measurements.large],
    ['small', measurements.small],
    ['large, PostgreSQL', measurements.postgres?.large],
    ['small, PostgreSQL', measurements.postgres?.small],
  ] as const) {
    for (const [name, measured] of size?.calls ?? []) {
      if (measured.errors > 0) failing.push(`${name} (${label} dataset): ${measured.errors} errors`);
    }
  }
  if (measurements.retrieval) {
    for (const [name, measured] of [['POST /api/knowledge/search', measurements.retrieval.search], [CALL.historyPage1, measurements.retrieval.historyPage1]] as const) {
      if (measured.errors > 0) failing.push(`${name} (retrieval): ${measured.errors} errors`);
    }
  }
  return failing;
}

/** The one table: every target row with its measured value, target, verdict, and the timeouts and errors behind it. */
export function targetsMarkdown(measurements: BenchMeasurements): string {
  const evaluated = targetRows(measurements.offsets).map((row) => evaluate(row, measurements));
  // The same rows on PostgreSQL's history part; a row of another part has no value there.
  const postgres = measurements.postgres;
  const onPostgres = postgres
    ? targetRows(measurements.offsets).map((row) =>
        evaluate(row, {
          periods: measurements.periods,
          offsets: measurements.offsets,
          ...(postgres.large ? { large: postgres.large } : {}),
          ...(postgres.small ? { small: postgres.small } : {}),
          ...(postgres.serverMemory ? { serverMemory: postgres.serverMemory } : {}),
          failures: [],
        }),
      )
    : undefined;
  const postgresCell = (index: number) => {
    const entry = onPostgres?.[index];
    if (!entry) return '';
    return entry.value === undefined ? ' — |' : ` ${formatValue(entry.value, entry.row.unit)} ${STATUS_MARK[entry.status]} |`;
  };
  const errors = runErrors(measurements);
  const counts = (status: Status) => evaluated.filter((entry) => entry.status === status).length;
  const lines = [
    errors.length > 0
      ? `**This run had errors: its numbers are not to be trusted.** ${errors.join('; ')}.`
      : 'Run without errors.',
    `${counts('pass')} ✓, ${counts('fail')} ✗, ${counts('missing')} not measured${counts('error') > 0 ? `, ${counts('error')} with errors` : ''}.`,
    '',
    `| metric | measured | target | ✓/✗ |${onPostgres ? ' PostgreSQL |' : ''} timeouts | errors |`,
    `|---|---:|---:|:---:|${onPostgres ? '---:|' : ''}---:|---:|`,
    ...evaluated.map((entry, index) => {
      const measured = entry.value === undefined ? (entry.missing ?? NOT_MEASURED) : `${formatValue(entry.value, entry.row.unit)}${entry.note ? ` (${entry.note})` : ''}`;
      return `| ${entry.row.metric} | ${measured} | ${formatTarget(entry.row)} | ${verdict(entry)} |${postgresCell(index)} ${entry.timeouts} | ${entry.errors} |`;
    }),
  ];
  return lines.join('\n');
}
