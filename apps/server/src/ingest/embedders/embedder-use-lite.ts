import { type Worker } from 'node:worker_threads';
import { describeDuration } from '../describe-duration.ts';
import { type Embedder, EmbeddingError, batchesOf, embeddingInputs } from './embedder.ts';
import { type EmbeddingWorkerAnswer } from './embedding-worker-messages.ts';
import { startWorker } from '../start-worker.ts';
import { countUseLiteTokens } from './use-lite-tokenizer.ts';

export const USE_LITE_MODEL = 'universal-sentence-encoder-lite';
export const USE_LITE_DIMENSIONS = 512;
/**
 * The model reads the first 128 of a text's tokens and ignores the rest: a text of 129 tokens or of 329
 * gets exactly the vector of its first 128 (checked in embedder-use-lite.test.ts).
 */
export const USE_LITE_WINDOW_TOKENS = 128;

export interface UseLiteEmbedderOptions {
  /** Texts per message to the worker. Default 16. */
  batchSize?: number;
  /** The longest one batch may take before the worker is taken as stuck and restarted. Default 2 minutes. */
  batchTimeLimitMs?: number;
}

const DEFAULT_BATCH_SIZE = 16;
const DEFAULT_BATCH_TIME_LIMIT_MS = 120_000;
/**
 * The most urgent texts sent to the worker at once. One call to the model costs about 13 ms before it
 * embeds a word, so texts that wait together go together: a short question costs about 27 ms alone and
 * 9 ms in a batch of 32 (measured on the development machine; 64 gained nothing more).
 */
export const URGENT_BATCH_TEXTS = 32;

/** A caller's texts, waiting for the worker or out with it. */
interface Request {
  texts: string[];
  urgent: boolean;
  timeLimitMs: number;
  /** Sent again once already, after the worker that had it failed. */
  retried: boolean;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** The one message out with the worker: the requests it carries, in order. */
interface Batch {
  id: number;
  requests: Request[];
  timer: NodeJS.Timeout;
}

/**
 * The embedding worker thread (embedding-worker.ts), started on the first batch and restarted after
 * a failure. One message is out with it at a time, so what waits can still be ordered here: urgent texts
 * (questions, searches) go first, as many together as URGENT_BATCH_TEXTS, then documents' batches in
 * the order they came. A batch's time limit runs from when it is sent. The worker holds the process
 * alive only while a batch is out, so an embedder nobody closed does not keep the server from exiting.
 */
export class EmbeddingWorkerClient {
  private worker: Worker | undefined;
  private readonly urgent: Request[] = [];
  private readonly bulk: Request[] = [];
  private out: Batch | undefined;
  private nextId = 1;
  /** Messages sent to a worker so far (each one call of the model). */
  batchesSent = 0;

  /** `start` makes a worker thread that answers as embedding-worker.ts does (tests give their own). */
  constructor(private readonly start: () => Worker = () => startWorker('embedding-worker')) {}

  get running(): boolean {
    return this.worker !== undefined;
  }

  embed(texts: string[], options: { urgent: boolean; timeLimitMs: number }): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      (options.urgent ? this.urgent : this.bulk).push({ texts, urgent: options.urgent, timeLimitMs: options.timeLimitMs, retried: false, resolve, reject });
      this.send();
    });
  }

  async close(): Promise<void> {
    await this.fail(new EmbeddingError('The embedder was closed.'), true);
  }

  /** Sends what should go next, when nothing is out. */
  private send(): void {
    if (this.out) return;
    const requests = this.urgent.length > 0 ? this.takeUrgent() : this.bulk.splice(0, 1);
    if (requests.length === 0) return;
    const worker = (this.worker ??= this.started());
    const id = this.nextId++;
    const timeLimitMs = Math.max(...requests.map((request) => request.timeLimitMs));
    const timer = setTimeout(
      () => void this.fail(new EmbeddingError(`The embedding worker did not answer within ${describeDuration(timeLimitMs)}; it is restarted.`)),
      timeLimitMs,
    );
    this.out = { id, requests, timer };
    this.batchesSent += 1;
    worker.ref();
    worker.postMessage({ id, texts: requests.flatMap((request) => request.texts) });
  }

  /** The urgent requests that wait, oldest first, up to URGENT_BATCH_TEXTS texts (always at least one request). */
  private takeUrgent(): Request[] {
    let texts = 0;
    let count = 0;
    for (const request of this.urgent) {
      if (count > 0 && texts + request.texts.length > URGENT_BATCH_TEXTS) break;
      texts += request.texts.length;
      count += 1;
    }
    return this.urgent.splice(0, count);
  }

  private started(): Worker {
    const worker = this.start();
    worker.unref();
    worker.on('message', (answer: EmbeddingWorkerAnswer) => this.answer(answer));
    worker.on('error', (error) => {
      if (this.worker === worker) void this.fail(new EmbeddingError(`The embedding worker failed: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) void this.fail(new EmbeddingError(`The embedding worker stopped (exit code ${code}).`));
    });
    return worker;
  }

  private answer(answer: EmbeddingWorkerAnswer): void {
    const batch = this.out;
    if (!batch || batch.id !== answer.id) return;
    this.out = undefined;
    clearTimeout(batch.timer);
    const count = batch.requests.reduce((sum, request) => sum + request.texts.length, 0);
    if ('error' in answer) {
      // A worker whose model failed (to load, say: "Backend 'wasm' has not yet been initialized", seen on a loaded
      // machine) would fail every later request the same way: it is ended, and its batch goes once more, first,
      // to a new worker. A batch that fails there too is refused.
      const broken = this.worker;
      this.worker = undefined;
      void broken?.terminate();
      const error = new EmbeddingError(`The embedding model failed: ${answer.error}`);
      const again = batch.requests.filter((request) => !request.retried);
      for (const request of batch.requests) if (request.retried) request.reject(error);
      for (const request of again) request.retried = true;
      this.urgent.unshift(...again.filter((request) => request.urgent));
      this.bulk.unshift(...again.filter((request) => !request.urgent));
    } else if (answer.dimensions !== USE_LITE_DIMENSIONS || answer.vectors.length !== count * USE_LITE_DIMENSIONS) {
      const error = new EmbeddingError(`The embedding worker answered ${answer.vectors.length} numbers for ${count} texts.`);
      for (const request of batch.requests) request.reject(error);
    } else {
      let next = 0;
      for (const request of batch.requests) {
        request.resolve(request.texts.map(() => answer.vectors.subarray(next * USE_LITE_DIMENSIONS, ++next * USE_LITE_DIMENSIONS)));
      }
    }
    if (this.urgent.length === 0 && this.bulk.length === 0) this.worker?.unref();
    this.send();
  }

  /**
   * Rejects the batch that is out and ends the worker; what waits goes to a new worker, or is rejected
   * too when the embedder is closed.
   */
  private async fail(error: EmbeddingError, closing = false): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    const batch = this.out;
    this.out = undefined;
    if (batch) {
      clearTimeout(batch.timer);
      for (const request of batch.requests) request.reject(error);
    }
    if (closing) for (const request of [...this.urgent.splice(0), ...this.bulk.splice(0)]) request.reject(error);
    if (worker) await worker.terminate();
    if (!closing) this.send();
  }
}

/** One worker for the whole process, shared by every embedder made here; it stops when the last is closed. */
let shared: { client: EmbeddingWorkerClient; users: number } | undefined;

/**
 * The built-in embedder: Universal Sentence Encoder Lite (512 numbers per text), offline, from the
 * @energetic-ai packages. Embedding runs in the process's one embedding worker thread, in batches;
 * counting tokens runs here, with the model's own tokenizer.
 */
export function createUseLiteEmbedder(options: UseLiteEmbedderOptions = {}): Embedder {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const timeLimitMs = options.batchTimeLimitMs ?? DEFAULT_BATCH_TIME_LIMIT_MS;
  const mine = (shared ??= { client: new EmbeddingWorkerClient(), users: 0 });
  mine.users += 1;
  let closed = false;
  return {
    model: USE_LITE_MODEL,
    dimensions: USE_LITE_DIMENSIONS,
    windowTokens: USE_LITE_WINDOW_TOKENS,
    async embed(texts, { urgent = false } = {}) {
      if (closed) throw new EmbeddingError('The embedder was closed.');
      const inputs = embeddingInputs(texts);
      const vectors: Float32Array[] = [];
      for (const batch of batchesOf(inputs, urgent ? URGENT_BATCH_TEXTS : batchSize)) vectors.push(...(await mine.client.embed(batch, { urgent, timeLimitMs })));
      return vectors;
    },
    countTokens: countUseLiteTokens,
    async close() {
      if (closed) return;
      closed = true;
      mine.users -= 1;
      if (mine.users > 0) return;
      if (shared === mine) shared = undefined;
      await mine.client.close();
    },
  };
}

/** Whether the embedding worker is running, how many embedders share it and how many batches it was sent (for tests). */
export function useLiteWorkerState(): { running: boolean; embedders: number; batchesSent: number } {
  return { running: shared?.client.running ?? false, embedders: shared?.users ?? 0, batchesSent: shared?.client.batchesSent ?? 0 };
}
