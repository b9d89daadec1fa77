import { type Worker } from 'node:worker_threads';
import { describeDuration } from './describe-duration.ts';
import { type Embedder, EmbeddingError, batchesOf, embeddingInputs } from './embedder.ts';
import { type EmbeddingWorkerAnswer } from './embedding-worker-messages.ts';
import { startWorker } from './start-worker.ts';
import { countUseLiteTokens } from './use-lite-tokenizer.ts';

export const USE_LITE_MODEL = 'universal-sentence-encoder-lite';
export const USE_LITE_DIMENSIONS = 512;

export interface UseLiteEmbedderOptions {
  /** Texts per message to the worker. Default 16. */
  batchSize?: number;
  /** The longest one batch may take before the worker is taken as stuck and restarted. Default 2 minutes. */
  batchTimeLimitMs?: number;
}

const DEFAULT_BATCH_SIZE = 16;
const DEFAULT_BATCH_TIME_LIMIT_MS = 120_000;

interface PendingBatch {
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  count: number;
}

/**
 * The embedding worker thread (embedding-worker.ts), started on the first batch and restarted after
 * a failure. It holds the process alive only while a batch is out, so an embedder nobody closed
 * does not keep the server from exiting.
 */
class EmbeddingWorkerClient {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, PendingBatch>();
  private nextId = 1;

  get running(): boolean {
    return this.worker !== undefined;
  }

  embed(texts: string[], timeLimitMs: number): Promise<Float32Array[]> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new EmbeddingError(`The embedding worker did not answer within ${describeDuration(timeLimitMs)}; it is restarted.`)),
        timeLimitMs,
      );
      this.pending.set(id, { resolve, reject, timer, count: texts.length });
      worker.ref();
      worker.postMessage({ id, texts });
    });
  }

  async close(): Promise<void> {
    await this.fail(new EmbeddingError('The embedder was closed.'));
  }

  private start(): Worker {
    const worker = startWorker('embedding-worker');
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
    const batch = this.pending.get(answer.id);
    if (!batch) return;
    this.pending.delete(answer.id);
    clearTimeout(batch.timer);
    if (this.pending.size === 0) this.worker?.unref();
    if ('error' in answer) {
      batch.reject(new EmbeddingError(`The embedding model failed: ${answer.error}`));
    } else if (answer.dimensions !== USE_LITE_DIMENSIONS || answer.vectors.length !== batch.count * USE_LITE_DIMENSIONS) {
      batch.reject(new EmbeddingError(`The embedding worker answered ${answer.vectors.length} numbers for ${batch.count} texts.`));
    } else {
      batch.resolve(Array.from({ length: batch.count }, (_, i) => answer.vectors.subarray(i * USE_LITE_DIMENSIONS, (i + 1) * USE_LITE_DIMENSIONS)));
    }
  }

  /** Rejects every open batch and ends the worker; the next batch starts a new one. */
  private async fail(error: EmbeddingError): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const batch of this.pending.values()) {
      clearTimeout(batch.timer);
      batch.reject(error);
    }
    this.pending.clear();
    if (worker) await worker.terminate();
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
  const batchTimeLimitMs = options.batchTimeLimitMs ?? DEFAULT_BATCH_TIME_LIMIT_MS;
  const mine = (shared ??= { client: new EmbeddingWorkerClient(), users: 0 });
  mine.users += 1;
  let closed = false;
  return {
    model: USE_LITE_MODEL,
    dimensions: USE_LITE_DIMENSIONS,
    async embed(texts) {
      if (closed) throw new EmbeddingError('The embedder was closed.');
      const inputs = embeddingInputs(texts);
      const vectors: Float32Array[] = [];
      for (const batch of batchesOf(inputs, batchSize)) vectors.push(...(await mine.client.embed(batch, batchTimeLimitMs)));
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

/** Whether the embedding worker is running, and how many embedders share it (for tests and health checks). */
export function useLiteWorkerState(): { running: boolean; embedders: number } {
  return { running: shared?.client.running ?? false, embedders: shared?.users ?? 0 };
}
