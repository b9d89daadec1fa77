import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The queue's state at a scrape, per queue: read from the jobs table shared by every instance. */
export interface QueueState {
  queue: string;
  /** Queued and due, not yet claimed by any instance. */
  waiting: number;
  running: number;
  /** Seconds since the oldest due job became due (0 with none waiting). */
  oldestSeconds: number;
}

/** The database pool's use (PostgreSQL); undefined on the embedded database, which has no pool. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What GET /metrics answers (Prometheus' text format, prom-client): HTTP requests by route, the job queue,
 * ingestion and the embedder, the chat's answers by kind, the database pool, and the process's own
 * (memory, event-loop lag, CPU). One registry per app, so tests build as many apps as they like.
 */
export interface Metrics {
  registry: Registry;
  httpRequestSeconds: Histogram<'method' | 'route' | 'status_code'>;
  jobsFinished: Counter<'queue' | 'outcome'>;
  jobSeconds: Histogram<'queue'>;
  embeddingSeconds: Histogram<'purpose'>;
  embeddedTexts: Counter<'purpose'>;
  chatAnswers: Counter<'kind'>;
}

export function createMetrics(sources: { queueStates: () => Promise<QueueState[]>; poolUse: () => PoolUse | undefined; databaseReachable: () => boolean }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'steward_' });
  const queueGauge = (name: string, help: string, value: (state: QueueState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        // With the database gone the queue cannot be read: the series are left out, the rest is still scraped.
        const states = await sources.queueStates().catch(() => []);
        for (const state of states) this.set({ queue: state.queue }, value(state));
      },
    });
  queueGauge('steward_job_queue_waiting', 'Jobs due and waiting for an instance to take them, by queue (every instance\'s, from the database).', (state) => state.waiting);
  queueGauge('steward_job_queue_running', 'Jobs running, by queue.', (state) => state.running);
  queueGauge('steward_job_queue_oldest_seconds', 'Seconds the oldest due job of the queue has waited.', (state) => state.oldestSeconds);
  const poolGauge = (name: string, help: string, value: (use: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const use = sources.poolUse();
        if (use) this.set(value(use));
      },
    });
  new Gauge({
    name: 'steward_database_reachable',
    help: '1 while the database answers, 0 while this instance finds it gone (calls answer 503, jobs wait).',
    registers: [registry],
    collect() {
      this.set(sources.databaseReachable() ? 1 : 0);
    },
  });
  poolGauge('steward_db_pool_connections', 'Connections the PostgreSQL pool holds.', (use) => use.total);
  poolGauge('steward_db_pool_idle', 'Idle connections of the pool.', (use) => use.idle);
  poolGauge('steward_db_pool_waiting', 'Queries waiting for a connection of the pool.', (use) => use.waiting);
  return {
    registry,
    httpRequestSeconds: new Histogram({
      name: 'steward_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    jobsFinished: new Counter({ name: 'steward_jobs_finished_total', help: 'Background jobs ended by this instance, by queue and outcome (done, retry, failed, handed_back).', labelNames: ['queue', 'outcome'], registers: [registry] }),
    jobSeconds: new Histogram({
      name: 'steward_job_duration_seconds',
      help: 'How long background jobs ran, by queue (document-ingestion: a document parsed, embedded and indexed).',
      labelNames: ['queue'],
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 180, 600],
      registers: [registry],
    }),
    embeddingSeconds: new Histogram({
      name: 'steward_embedding_duration_seconds',
      help: 'Embedder calls, by purpose (documents: chunks being indexed; questions: a visitor or staff waiting).',
      labelNames: ['purpose'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    embeddedTexts: new Counter({ name: 'steward_embedded_texts_total', help: 'Texts embedded, by purpose: their rate is the ingestion throughput in chunks (windows).', labelNames: ['purpose'], registers: [registry] }),
    chatAnswers: new Counter({ name: 'steward_chat_answers_total', help: 'Answers of the public chat, by kind (answered, information, unknown, …).', labelNames: ['kind'], registers: [registry] }),
  };
}
