import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startNginx } from '@steward/server/test-support';
import { forkBenchServer, preparePostgresDatabase, type ServerProcess, signIn } from './bench-server.ts';
import { type LoadOptions, type Measurement, measureInRounds } from './measure.ts';

/** The calls compared: the cheapest signed-in call, a list page and the dashboard's first statistics. */
const CALLS = [
  ['GET /api/authenticate-user', '/api/authenticate-user'],
  ['GET /api/all-history: page 1', '/api/all-history/0'],
  ['GET /api/statistics: Past Week', '/api/statistics/Past%20Week/0'],
] as const;

export interface InstancesResults {
  historyRows: number;
  /** Per call: one instance alone (each of the two), and both behind nginx round robin. */
  calls: { name: string; first: Measurement; second: Measurement; both: Measurement }[];
  cores: number;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** nginx (Debian's) in front of the two instances, round robin, keep-alive. */
async function startBalancer(upstreams: readonly string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const servers = upstreams.map((url) => `server ${new URL(url).host};`).join(' ');
  const url = `http://127.0.0.1:${port}`;
  const nginx = await startNginx(
    `  upstream steward { ${servers} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://steward; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header Host $host; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
    url,
  );
  return { url, stop: nginx.stop };
}

/**
 * Two instances on one PostgreSQL database behind nginx (issue 42): each call measured against each instance
 * alone and through nginx to both, in rounds. The database is BENCH_DATABASE_URL's, filled with `historyRows`
 * unless `reuse` (the history part's PostgreSQL run left its large dataset there).
 */
export async function benchmarkInstances(
  url: string,
  options: { historyRows: number; reuse: boolean; connections: number; durationSeconds: number; rounds: number },
): Promise<InstancesResults> {
  const dataDir = options.reuse ? fs.mkdtempSync(path.join(os.tmpdir(), 'steward-bench-instances-')) : (await preparePostgresDatabase(url, options.historyRows)).dataDir;
  const second = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-bench-instances-'));
  const servers: ServerProcess[] = [];
  let proxy: { url: string; stop: () => Promise<void> } | undefined;
  try {
    servers.push(await forkBenchServer(dataDir, { DATABASE_URL: url }), await forkBenchServer(second, { DATABASE_URL: url }));
    proxy = await startBalancer(servers.map((server) => server.url));
    // One session for all: the instances share the database's sessions.
    const cookie = await signIn(proxy.url);
    const at = (base: string, call: string): LoadOptions => ({ url: `${base}${call}`, connections: options.connections, durationSeconds: options.durationSeconds, headers: { cookie } });
    const targets = [servers[0]?.url ?? '', servers[1]?.url ?? '', proxy.url];
    const measured = await measureInRounds(
      CALLS.flatMap(([, call]) => targets.map((base) => at(base, call))),
      options.rounds,
    );
    return {
      historyRows: options.historyRows,
      cores: os.availableParallelism(),
      calls: CALLS.map(([name], index) => {
        const [first, secondOne, both] = measured.slice(index * 3, index * 3 + 3);
        if (!first || !secondOne || !both) throw new Error(`${name} was not measured.`);
        return { name, first, second: secondOne, both };
      }),
    };
  } finally {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of [dataDir, second]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The instances part's table: req/s and p50 per instance alone and both behind nginx, with the honest ratio. */
export function instancesMarkdown(results: InstancesResults): string {
  const rate = (measured: Measurement) => measured.requestsPerSecond.toFixed(0);
  const lines = [
    '### Two instances behind nginx (`BENCH_ONLY=instances`, PostgreSQL)',
    '',
    `${results.historyRows.toLocaleString('en-US')} history rows on PostgreSQL (BENCH_DATABASE_URL); two shipped-bundle instances, each in a process of its own, behind nginx (round robin, keep-alive), on a machine of ${results.cores} cores that also runs PostgreSQL, nginx and the load generator.`,
    '',
    '| call | instance 1 alone req/s (p50 ms) | instance 2 alone req/s (p50 ms) | both behind nginx req/s (p50 ms) | both ÷ one |',
    '|---|---:|---:|---:|---:|',
    ...results.calls.map(
      (call) =>
        `| ${call.name} | ${rate(call.first)} (${call.first.p50.toFixed(1)}) | ${rate(call.second)} (${call.second.p50.toFixed(1)}) | ${rate(call.both)} (${call.both.p50.toFixed(1)}) | ${(call.both.requestsPerSecond / ((call.first.requestsPerSecond + call.second.requestsPerSecond) / 2)).toFixed(2)}× |`,
    ),
    '',
    results.cores <= 2
      ? `On ${results.cores} cores two instances share the same CPUs with the database, nginx and the load generator: they cannot double the throughput, and the ratio shows what a second process costs or gains here, not what a second machine would.`
      : 'With more cores than processes, the ratio shows how far a second instance scales on one machine.',
  ];
  return lines.join('\n');
}
