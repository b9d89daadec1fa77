import autocannon from 'autocannon';

export interface Measurement {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  /** Requests that got no answer within autocannon's 10 s timeout (counted, not in the latencies). */
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
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors.`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    timeouts: result.timeouts,
  };
}
