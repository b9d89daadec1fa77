import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';

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
  /**
   * Headers of each connection's own, added to `headers` and given to the connections in turn: each sign-in
   * connection its own browser's device cookie, as 50 staff signing in at once would have.
   */
  connectionHeaders?: readonly Record<string, string>[];
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
  const [measured] = (await measureInRounds([options], 1)).values();
  if (!measured) throw new Error('measureInRounds answered no measurement.');
  return measured;
}

/**
 * Several calls measured in turn: each is warmed up as `measure` does, then `rounds` rounds each run every
 * call for its `durationSeconds` ÷ `rounds`, in the order given, and a call's figures are those of all its
 * slices together. A machine that slows down or speeds up during the run (another process, the CPU's
 * clock) then weighs on every call alike, so the ratios between them hold: measured one after the other, a
 * call measured minutes after its baseline took the drift in between into its ratio. Answers in the order given.
 */
export async function measureInRounds(calls: readonly LoadOptions[], rounds: number): Promise<Measurement[]> {
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number of at least 1 (got ${rounds}).`);
  const numbered = calls.map((options) => (options.bodyFor ? { ...options, bodyFor: continuingCount(options.bodyFor) } : options));
  /**
   * One request alone, answered. autocannon ends a run by closing its connections, and the server still
   * works through the requests they had sent: this one waits behind them, so the next run starts on a
   * server that is done with the last. (Unanswered, a slow call's last requests ran into the next call's
   * slice: the knowledge search's made history page 1's p99 600 ms.) First, it is also the call's
   * one-time work alone (the first deep page takes its list's anchors), before the warm-up's load.
   */
  const alone = async (options: LoadOptions) => {
    const body = options.bodyFor?.(0) ?? options.body ?? options.bodies?.[0];
    const headers = { ...options.headers, ...options.connectionHeaders?.[0] };
    const answer = await fetch(options.url, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
    await answer.arrayBuffer();
  };
  for (const options of numbered) {
    await alone(options);
    await startRun({ ...options, durationSeconds: WARM_UP_SECONDS }).result;
    await alone(options);
  }
  const slices = numbered.map((): Run[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, options] of numbered.entries()) {
      slices[index]?.push(await startRun({ ...options, durationSeconds: options.durationSeconds / rounds }).result);
      await alone(options);
    }
  }
  return slices.map((runs, index) => toMeasurement(runs, `${calls[index]?.method ?? 'GET'} ${calls[index]?.url ?? ''}`));
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
  const { stop, result } = startRun(options);
  return { stop, result: result.then((run) => toMeasurement([run], `${options.method ?? 'GET'} ${options.url}`)) };
}

/** What one autocannon run gave. */
interface Run {
  /** Of the 2xx answers, in milliseconds. */
  latencies: number[];
  requests: number;
  /** Its real length: where autocannon shares the server's thread (the documents part), a blocked server stretches it. */
  seconds: number;
  timeouts: number;
  non2xx: number;
  /** Failed requests, timeouts included (as autocannon counts them). */
  failures: number;
}

/** Gives each new connection the next of `perConnection`'s headers, on top of the run's own. */
function connectionSetup(headers: Record<string, string>, perConnection: readonly Record<string, string>[]) {
  let connection = 0;
  return (client: AutocannonClient) => {
    client.setHeaders({ ...headers, ...perConnection[connection % perConnection.length] });
    connection += 1;
  };
}

function startRun(options: LoadOptions): { stop: () => void; result: Promise<Run> } {
  const method = options.method ?? 'GET';
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    method,
    // argon2id logins at 50 connections queue for seconds: wait rather than count them as failures.
    timeout: 30,
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.bodies === undefined ? {} : { requests: options.bodies.map((body) => ({ method, body })) }),
    ...(options.bodyFor === undefined ? {} : { requests: [{ method, setupRequest: numberedRequest(options.bodyFor) }] }),
    ...(options.connectionHeaders === undefined ? {} : { setupClient: connectionSetup(options.headers ?? {}, options.connectionHeaders) }),
  });
  // autocannon's own percentiles come from a histogram of whole milliseconds: at a p50 of 19 ms that is a 5 %
  // step, as wide as the margin of a 2× target. The answers' own times give the percentiles exactly.
  const latencies: number[] = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    // As autocannon's histogram: the latencies of 2xx answers only.
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = Promise.resolve(instance).then(
    (answer): Run => ({
      latencies,
      requests: answer.requests.total,
      // autocannon's duration is in seconds; a run it never started has none.
      seconds: answer.duration > 0 ? answer.duration : answer.requests.total / Math.max(answer.requests.average, 1),
      timeouts: answer.timeouts,
      non2xx: answer.non2xx,
      failures: answer.errors,
    }),
  );
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

/** The figures of one or more runs of a call taken together. */
function toMeasurement(runs: readonly Run[], call: string): Measurement {
  const total = (pick: (run: Run) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  const non2xx = total((run) => run.non2xx);
  const timeouts = total((run) => run.timeouts);
  // autocannon counts timeouts among errors; they are reported in their own column instead.
  const failures = total((run) => run.failures) - timeouts;
  const errors = non2xx + failures;
  if (errors > 0) process.stderr.write(`  ${call}: ${non2xx} non-2xx answers and ${failures} errors.\n`);
  const [p50 = 0, p99 = 0, max = 0] = percentiles(
    runs.flatMap((run) => run.latencies),
    50,
    99,
    100,
  );
  const requests = total((run) => run.requests);
  const seconds = total((run) => run.seconds);
  return { p50, p99, max, requestsPerSecond: seconds > 0 ? requests / seconds : 0, requests, timeouts, errors };
}
