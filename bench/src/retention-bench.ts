/**
 * The retention part (issue 43, docs/privacy.md): a data dir of BENCH_HISTORY_ROWS generated history rows (13 months
 * up to now) with Bot Settings' Data retention for chat history saved at the number of days that keeps the newer
 * half. The shipped server (in a process of its own, forkBenchServer) books its first clean-up a minute after it
 * starts; meanwhile and until the clean-up's audit entry appears, the dashboard's history page 1 is driven at
 * BENCH_DASHBOARD_CONNECTIONS connections. Reported: the rows purged, how long the purge took (the entry's
 * `milliseconds`), and history page 1's p50, p99 and slowest answer before the purge and while it ran (by the
 * time each answer arrived). No bench hook in the server: the clean-up runs as it does in production.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '@steward/server/test-support';
import { benchAdmin, browserHeaders, forkBenchServer, prepareDataDir, signIn } from './bench-server.ts';
import { percentiles } from './measure.ts';

export interface LatencyFigures {
  answers: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RetentionResults {
  historyRows: number;
  /** The retention saved for chat history, in days. */
  days: number;
  /** Rows older than the cut-off when the data dir was made: what the purge should delete. */
  expectedPurged: number;
  /** What the clean-up's audit entry says it deleted. */
  purged: { history: number; chatSessions: number };
  purgeMilliseconds: number;
  /** History page 1 before the purge (after a warm-up) and while it ran. */
  before: LatencyFigures;
  during: LatencyFigures;
  /** Non-2xx answers and failed requests of the whole run. */
  errors: number;
  connections: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const DAY_MS = 86_400_000;
/** Answers of the first seconds warm the server's code paths up: not counted in `before`. */
const WARM_UP_MS = 3000;
/** The server books its first clean-up a minute after start; allow for a slow start of the purge itself. */
const PURGE_DEADLINE_MS = 30 * 60_000;

/** Saves the chat history retention that keeps the newer half, and answers the days and the rows it will delete. */
async function keepNewerHalf(db: Db): Promise<{ days: number; expectedPurged: number }> {
  const [median] = await sqlRows<{ median: string }>(db, sql`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY time) AS median FROM history`);
  if (!median) throw new Error('The generated history has no rows.');
  const days = Math.max(1, Math.ceil((Date.now() - new Date(median.median).getTime()) / DAY_MS));
  await db.execute(sql`INSERT INTO bot_settings (type, value) VALUES ('dataRetention', ${JSON.stringify({ history: days, feedback: null, helpRequests: null, auditLog: null })})
    ON CONFLICT (type) DO UPDATE SET value = excluded.value`);
  // The cut-off moves on while the server starts: counted again by the audit entry, this is the estimate.
  const [older] = await sqlRows<{ count: number | string }>(db, sql`SELECT count(*) AS count FROM history WHERE time < now() - make_interval(days => ${days})`);
  return { days, expectedPurged: Number(older?.count ?? 0) };
}

interface PurgeEntry {
  time: string;
  details: Record<string, number>;
}

/** The clean-up's audit entry, once it is written. */
async function purgeEntry(url: string, cookie: string): Promise<PurgeEntry | undefined> {
  const response = await fetch(`${url}/api/audit-log/0`, {
    method: 'POST',
    headers: { ...browserHeaders(url, cookie), 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'data_retention_purged' }),
  });
  if (!response.ok) throw new Error(`POST /api/audit-log/0 answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data?: { rows?: PurgeEntry[] } };
  return body.data?.rows?.[0];
}

const figures = (latencies: readonly number[]): LatencyFigures => {
  const [p50 = 0, p99 = 0, max = 0] = percentiles(latencies, 50, 99, 100);
  return { answers: latencies.length, p50, p99, max };
};

export async function benchmarkRetention({ historyRows, connections }: { historyRows: number; connections: number }): Promise<RetentionResults> {
  log(`Retention: generating ${historyRows.toLocaleString('en-US')} history rows…`);
  let saved: { days: number; expectedPurged: number } | undefined;
  const { dataDir } = await prepareDataDir(historyRows, async (db) => {
    saved = await keepNewerHalf(db);
  });
  if (!saved) throw new Error('The retention was not saved in the data dir.');
  const { days, expectedPurged } = saved;
  log(`  chat history kept ${days} days: about ${expectedPurged.toLocaleString('en-US')} rows to purge; starting the server`);
  const server = await forkBenchServer(dataDir);
  try {
    const cookie = await signIn(server.url, benchAdmin);
    const answered: { at: number; ms: number }[] = [];
    let errors = 0;
    const load = autocannon({
      url: `${server.url}/api/all-history/0`,
      connections,
      duration: PURGE_DEADLINE_MS / 1000,
      timeout: 30,
      headers: { cookie },
    });
    load.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) answered.push({ at: Date.now(), ms: responseTime });
      else errors += 1;
    });
    const started = Date.now();
    log(`  history page 1 at ${connections} connections until the clean-up's audit entry appears…`);
    let entry: PurgeEntry | undefined;
    while (!entry && Date.now() - started < PURGE_DEADLINE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      entry = await purgeEntry(server.url, cookie);
    }
    load.stop();
    const run = await load;
    errors += run.errors;
    if (!entry) throw new Error(`No data_retention_purged entry within ${PURGE_DEADLINE_MS / 60_000} minutes.`);
    const purgeMilliseconds = Number(entry.details.milliseconds ?? 0);
    const purgeEnded = new Date(entry.time).getTime();
    const purgeStarted = purgeEnded - purgeMilliseconds;
    const before = answered.filter((answer) => answer.at >= started + WARM_UP_MS && answer.at < purgeStarted).map((answer) => answer.ms);
    const during = answered.filter((answer) => answer.at >= purgeStarted && answer.at <= purgeEnded).map((answer) => answer.ms);
    const purged = { history: Number(entry.details.history ?? 0), chatSessions: Number(entry.details.chatSessions ?? 0) };
    log(`  purged ${purged.history.toLocaleString('en-US')} rows in ${(purgeMilliseconds / 1000).toFixed(1)} s`);
    return { historyRows, days, expectedPurged, purged, purgeMilliseconds, before: figures(before), during: figures(during), errors, connections };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);

/** The detail section of the run. */
export function retentionMarkdown(results: RetentionResults): string {
  const row = (name: string, figures: LatencyFigures) => `| ${name} | ${figures.answers.toLocaleString('en-US')} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.max)} |`;
  return [
    '#### Retention',
    '',
    `${results.historyRows.toLocaleString('en-US')} history rows over 13 months; chat history kept ${results.days} days (Bot Settings' Data retention), ` +
      `so the hourly clean-up deletes the older half: ${results.purged.history.toLocaleString('en-US')} exchanges and ` +
      `${results.purged.chatSessions.toLocaleString('en-US')} chat sessions in ${(results.purgeMilliseconds / 1000).toFixed(1)} s ` +
      `(batches of 1,000 rows, one transaction each, a pause after each). Meanwhile GET /api/all-history/0 at ${results.connections} connections` +
      `${results.errors > 0 ? `, with ${results.errors} errors` : ''}:`,
    '',
    '| history page 1 | answers | p50 ms | p99 ms | slowest ms |',
    '|---|---:|---:|---:|---:|',
    row('before the purge', results.before),
    row('during the purge', results.during),
  ].join('\n');
}
