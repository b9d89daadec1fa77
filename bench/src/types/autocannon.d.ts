/** The part of autocannon's programmatic API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  interface Histogram {
    p50: number;
    p99: number;
    average: number;
  }
  interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
