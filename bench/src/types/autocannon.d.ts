/** The part of autocannon's programmatic API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request of this step; answers the request to send. */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** A sequence each connection sends in a loop (in place of the single method/body). */
    requests?: AutocannonRequest[];
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Called once for each connection as it is made: its own headers, say. */
    setupClient?: (client: AutocannonClient) => void;
  }
  export interface AutocannonClient {
    /** Replaces the headers of this connection's requests. */
    setHeaders(headers: Record<string, string>): void;
  }
  export interface AutocannonResult {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds the run lasted. */
    duration: number;
  }
  /** The run: awaitable for its result, and stoppable before its duration is up (what was answered so far counts). */
  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
    /** Each answer, with the milliseconds since its request was sent, as a fraction (the result's histogram keeps whole ones). */
    on(event: 'response', listener: (client: unknown, statusCode: number, responseBytes: number, responseTime: number) => void): this;
  }
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
