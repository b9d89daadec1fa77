// STEWARD_TEST_SLOWDOWN: how many times longer than on the machine the suite was tuned on every test may take.
// Every timeout of the suite is multiplied by it: `scaled` here, which the tests reach through
// e2e/support/slowdown.ts and apps/server/src/test/slowdown.ts, and the configs (vitest.config.ts,
// e2e/playwright.config.ts). Unset, it is measured: `npm test` runs this file once at start
// (scripts/test-all.sh) and exports the factor; a test runner started on its own measures in its config.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export const TEST_SLOWDOWN_VARIABLE = 'STEWARD_TEST_SLOWDOWN';
/** A measured factor stays within these: past 6 a machine is too slow to test on, and timeouts would hide hangs. */
export const MEASURED_SLOWDOWN_RANGE = { min: 1, max: 6 };

/**
 * The medians on the machine the timeouts were tuned on, both cores free: 2 cores, the machine of
 * docs/operations.md's benchmark (a bare Fastify route answers 71k requests a second there). Measured 28 Nov
 * 2026 as the fastest runs, which matched the CPU time the work uses (105 ms on each thread; 75 ms for the
 * round trips, all on one thread): the wall time it takes when nothing else runs.
 */
export const REFERENCE = { cpuMs: 105, roundTripsMs: 75 };

/** The fixed CPU work: JSON, hashing and a regular expression over a page of rows, as a request of the server does. */
const CPU_WORK = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const page = { title: 'Umbrella care', rows: Array.from({ length: 50 }, (_, i) => ({ i, text: 'Dry the umbrella open, in the shade, before folding it away. ' + i })) };
const work = (rounds) => {
  let sum = 0;
  for (let round = 0; round < rounds; round += 1) {
    const text = JSON.stringify(page);
    sum += JSON.parse(text).rows.length + createHash('sha256').update(text).digest()[0] + (text.match(/umbrella/gi) ?? []).length;
  }
  return sum;
};
work(200);
parentPort.postMessage('ready');
parentPort.on('message', (rounds) => parentPort.postMessage(work(rounds)));
`;
const CPU_ROUNDS = 3000;
const ROUND_TRIPS = 200;

/**
 * The fixed CPU work on two threads at once (the suite keeps both cores busy: two test workers, the server,
 * the browser), `runs` times: each run's milliseconds from the start signal until both threads are done.
 */
async function timeCpuWork(runs: number): Promise<number[]> {
  const workers = [0, 1].map(() => new Worker(CPU_WORK, { eval: true }));
  const next = (worker: Worker) =>
    new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  try {
    await Promise.all(workers.map(next));
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await Promise.all(
        workers.map((worker) => {
          const done = next(worker);
          worker.postMessage(CPU_ROUNDS);
          return done;
        }),
      );
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** `runs` times ROUND_TRIPS sequential requests over one kept-alive connection to a server on 127.0.0.1: each run's milliseconds. */
async function timeRoundTrips(runs: number): Promise<number[]> {
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve());
        })
        .on('error', reject);
    });
  try {
    for (let warm = 0; warm < 30; warm += 1) await get();
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      for (let trip = 0; trip < ROUND_TRIPS; trip += 1) await get();
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface SlowdownMeasurement {
  factor: number;
  /** The median of the CPU work's runs. */
  cpuMs: number;
  /** The median of the round trips' runs. */
  roundTripsMs: number;
}

/**
 * The factor two medians give: the larger ratio to the reference, rounded up to a tenth, within
 * MEASURED_SLOWDOWN_RANGE.
 */
export function slowdownOf(cpuMs: number, roundTripsMs: number): SlowdownMeasurement {
  const ratio = Math.max(cpuMs / REFERENCE.cpuMs, roundTripsMs / REFERENCE.roundTripsMs);
  const factor = Math.min(MEASURED_SLOWDOWN_RANGE.max, Math.max(MEASURED_SLOWDOWN_RANGE.min, Math.ceil(ratio * 10) / 10));
  return { factor, cpuMs, roundTripsMs };
}

/** Three runs of each measurement, and the factor their medians give (slowdownOf). */
export async function measureTestSlowdown(): Promise<SlowdownMeasurement> {
  const cpuMs = median(await timeCpuWork(3));
  const roundTripsMs = median(await timeRoundTrips(3));
  return slowdownOf(cpuMs, roundTripsMs);
}

/** STEWARD_TEST_SLOWDOWN as set (a number of at least 1), or undefined when unset or empty. */
export function readTestSlowdown(environment: NodeJS.ProcessEnv = process.env): number | undefined {
  const text = environment[TEST_SLOWDOWN_VARIABLE]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1) {
    throw new Error(`${TEST_SLOWDOWN_VARIABLE} must be a number of at least 1 (every test timeout is multiplied by it), not "${text}".`);
  }
  return value;
}

/** The factor of this process: STEWARD_TEST_SLOWDOWN, 1 when unset. */
export const testSlowdown = (): number => readTestSlowdown() ?? 1;

/** A timeout in milliseconds, as tuned on the reference machine, stretched for this one. */
export const scaled = (milliseconds: number): number => Math.round(milliseconds * testSlowdown());

/** The one line the harness prints about a measurement; it says so when the machine measured past the cap. */
export function describeMeasurement({ factor, cpuMs, roundTripsMs }: SlowdownMeasurement): string {
  const ratio = Math.max(cpuMs / REFERENCE.cpuMs, roundTripsMs / REFERENCE.roundTripsMs);
  const capped =
    ratio > MEASURED_SLOWDOWN_RANGE.max
      ? ` This machine measured ${ratio.toFixed(1)}× slower than the reference, past the ${MEASURED_SLOWDOWN_RANGE.max}× a measurement may choose: ` +
        `other work is using it, and tests may time out; let it settle, or set ${TEST_SLOWDOWN_VARIABLE} higher knowingly.`
      : '';
  return (
    `Test timeouts × ${factor} (${TEST_SLOWDOWN_VARIABLE}, measured): fixed CPU work on two threads took ${Math.round(cpuMs)} ms ` +
    `(${Math.round(REFERENCE.cpuMs)} ms on the reference machine), ${ROUND_TRIPS} HTTP round trips ${Math.round(roundTripsMs)} ms ` +
    `(${Math.round(REFERENCE.roundTripsMs)} ms). Set ${TEST_SLOWDOWN_VARIABLE} to choose it.${capped}`
  );
}

/**
 * The factor of this run: STEWARD_TEST_SLOWDOWN when set, else measured now, printed in one line, and put
 * into process.env so that the processes started after (test workers, servers) read the same value.
 */
export async function settleTestSlowdown(print: (line: string) => void = (line) => console.log(line)): Promise<number> {
  const chosen = readTestSlowdown();
  if (chosen !== undefined) return chosen;
  const measurement = await measureTestSlowdown();
  process.env[TEST_SLOWDOWN_VARIABLE] = String(measurement.factor);
  print(describeMeasurement(measurement));
  return measurement.factor;
}

// `node --import tsx scripts/test-slowdown.ts`: the factor on stdout (for `export STEWARD_TEST_SLOWDOWN=$(…)`), the line on stderr.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const chosen = readTestSlowdown();
    if (chosen !== undefined) console.error(`Test timeouts × ${chosen} (${TEST_SLOWDOWN_VARIABLE}, as set).`);
    process.stdout.write(`${await settleTestSlowdown((line) => console.error(line))}\n`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
