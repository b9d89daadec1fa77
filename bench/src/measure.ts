import autocannon from 'autocannon';

export interface Measurement {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  /** Requests that got no answer within 30 s (counted, not in the latencies). */
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Drives one call with autocannon; any non-2xx answer or error fails the run (a fast 401 is no result). */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    method: options.method ?? 'GET',
    // argon2id logins at 50 connections queue for seconds: wait rather than count them as failures.
    timeout: 30,
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  // autocannon counts timeouts among errors; they are reported in their own column instead.
  const failures = result.errors - result.timeouts;
  if (result.non2xx > 0 || failures > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${result.non2xx} non-2xx answers and ${failures} errors.`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    timeouts: result.timeouts,
  };
}
