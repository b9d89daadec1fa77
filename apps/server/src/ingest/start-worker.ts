import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Set to true by the server bundle (build.mjs); undefined when the server runs from source. */
declare const STEWARD_BUNDLE: boolean | undefined;

/** The ingestion workers: a file in this folder each, and dist/<name>.js beside dist/main.js in the bundle. */
export type WorkerEntry = 'pdf-worker' | 'embedding-worker';

/**
 * Starts one of the ingestion workers, from the bundle or from source. The bundle has each worker
 * as its own entry point next to main.js (build.mjs). From source (tests, `npm run dev`) the worker
 * is TypeScript: Node 20 runs no ESM loader hooks in worker threads, so tsx's CommonJS hook is
 * registered first in an eval worker and the worker file is required through it.
 */
export function startWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  if (typeof STEWARD_BUNDLE !== 'undefined' && STEWARD_BUNDLE) {
    return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  }
  const source = fileURLToPath(new URL(`./${entry}.ts`, import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)});\nrequire(${JSON.stringify(source)});`, { ...options, eval: true });
}
