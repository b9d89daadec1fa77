import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';

export interface Measurement {
  p50: number;
  p99: number;
  /** The slowest answer: a stall of the whole server shows here long before it reaches p99. */
  max: number;
  requestsPerSecond: number;
  requests: number;
  /** Requests that got no answer within 30 s (counted, not in the latencies). */
  timeouts: number;
  /** Non-2xx answers and failed requests other than timeouts: any marks the run (a fast 401 is no result). */
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** A number of requests to send in place of a duration. */
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Several bodies sent in turn by each connection (a mix of questions, say), in place of `body`. */
  bodies?: readonly string[];
  /**
   * A body made for each request from a number counting every request of the run, across connections,
   * in place of `body` and `bodies`: no two requests send the same text (no server cache can answer them).
   */
  bodyFor?: (requestNumber: number) => string;
}

/**
 * Seconds each call is driven, unmeasured, before its measured run. A call's first answers after the server
 * starts, or after another call, are several times slower than the rest while V8 compiles the embedded
 * database's WebAssembly paths that call takes (a search's first 25 statements in a fresh process: 211 ms,
 * then 10–30 ms, then 5 ms); measured from a cold start, 50 connections queued behind them set p99 at 7–8× p50.
 */
export const WARM_UP_SECONDS = 1;

/**
 * Drives one call with autocannon: one request alone, then WARM_UP_SECONDS at full load, both unmeasured,
 * then `durationSeconds` measured; non-2xx answers and errors of the measured run are counted in `errors`
 * (the report marks the run). With `bodyFor`, the three runs number their requests on one count, so no
 * measured request repeats a warm-up's text.
 */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const numbered = options.bodyFor ? { bodyFor: continuingCount(options.bodyFor) } : {};
  // One request alone first: a call's one-time work (the first deep page takes its list's anchors, a
  // statement per 3000 rows) would otherwise fall into the warm-up and hold up its first requests.
  await startMeasurement({ ...options, ...numbered, connections: 1, amount: 1 }).result;
  await startMeasurement({ ...options, ...numbered, durationSeconds: WARM_UP_SECONDS }).result;
  return startMeasurement({ ...options, ...numbered }).result;
}

/** bodyFor numbered by its own count, which goes on from one autocannon run to the next (each numbers from 1). */
function continuingCount(bodyFor: (requestNumber: number) => string): (requestNumber: number) => string {
  let sent = 0;
  return () => {
    sent += 1;
    return bodyFor(sent);
  };
}

/**
 * The same, started now and stoppable: `stop()` ends it early (for a load that lasts as long as
 * something else does) and `result` answers what was measured until then.
 */
export function startMeasurement(options: LoadOptions): { stop: () => void; result: Promise<Measurement> } {
  const method = options.method ?? 'GET';
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.durationSeconds } : { amount: options.amount }),
    method,
    // argon2id logins at 50 connections queue for seconds: wait rather than count them as failures.
    timeout: 30,
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.bodies === undefined ? {} : { requests: options.bodies.map((body) => ({ method, body })) }),
    ...(options.bodyFor === undefined ? {} : { requests: [{ method, setupRequest: numberedRequest(options.bodyFor) }] }),
  });
  // autocannon's own percentiles come from a histogram of whole milliseconds: at a p50 of 19 ms that is a 5 %
  // step, as wide as the margin of a 2× target. The answers' own times give the percentiles exactly.
  const latencies: number[] = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    // As autocannon's histogram: the latencies of 2xx answers only.
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = Promise.resolve(instance).then((answer) => toMeasurement(answer, latencies, `${method} ${options.url}`));
  return { stop: () => instance.stop(), result };
}

/** The nearest-rank percentiles of `values` (each 0 < percent ≤ 100), sorted once; 0 for each when there are none. */
export function percentiles(values: readonly number[], ...percents: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  return percents.map((percent) => (sorted.length === 0 ? 0 : (sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0)));
}

/** autocannon's per-request hook, numbering requests across all connections. */
function numberedRequest(bodyFor: (requestNumber: number) => string) {
  let sent = 0;
  return (request: AutocannonRequest): AutocannonRequest => {
    sent += 1;
    return { ...request, body: bodyFor(sent) };
  };
}

function toMeasurement(result: AutocannonResult, latencies: readonly number[], call: string): Measurement {
  // autocannon counts timeouts among errors; they are reported in their own column instead.
  const errors = result.non2xx + result.errors - result.timeouts;
  if (errors > 0) process.stderr.write(`  ${call}: ${result.non2xx} non-2xx answers and ${result.errors - result.timeouts} errors.\n`);
  const [p50 = 0, p99 = 0, max = 0] = percentiles(latencies, 50, 99, 100);
  return {
    p50,
    p99,
    max,
    // Answers over the run's real length: where autocannon shares the server's thread (the documents part), a
    // server that blocks it stretches the run past its duration and its per-second samples over-count.
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : result.requests.average,
    requests: result.requests.total,
    timeouts: result.timeouts,
    errors,
  };
}
