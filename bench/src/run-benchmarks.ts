/**
 * `npm run bench`: builds generated datasets in temporary DATA_DIRs, starts the real server on each
 * (embedded database), drives it with autocannon and prints a markdown table.
 *
 * BENCH_HISTORY_ROWS (default 1,000,000), BENCH_SMALL_HISTORY_ROWS (10,000), BENCH_DURATION seconds
 * per measurement (10), BENCH_CONNECTIONS (50), BENCH_TIMEZONE_OFFSETS (0,5.5).
 */
import fs from 'node:fs';
import { STATISTICS_PERIODS } from '@steward/contract/statistics';
import { BENCH_PASSWORD, benchStaff, prepareDataDir, signIn, startBenchServer } from './bench-server.ts';
import { type Measurement, measure } from './measure.ts';

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

interface SizeResults {
  historyRows: number;
  sessions: number;
  loadSeconds: number;
  login: Measurement | undefined;
  authenticateUser: Measurement;
  statistics: Map<string, Measurement>;
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
    return { historyRows, sessions: summary.sessions, loadSeconds: summary.milliseconds / 1000, login, authenticateUser, statistics };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
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
  if (big.login) line('POST /api/login (argon2id)', big.login, undefined);
  return rows.join('\n');
}

const small = await benchmarkSize(smallRows, false);
const big = await benchmarkSize(bigRows, true);
process.stdout.write(`\n${table(small, big)}\n`);
