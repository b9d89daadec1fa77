import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';

/** Set to true by the server bundle (build.mjs); undefined when the server runs from source. */
declare const STEWARD_BUNDLE: boolean | undefined;

/** The ingestion workers: dist/<name>.js beside dist/main.js in the bundle, and from source the file here. */
const WORKER_SOURCES = {
  'pdf-worker': './pdf/pdf-worker.ts',
  'embedding-worker': './embedders/embedding-worker.ts',
  'html-worker': './site/html-worker.ts',
} as const;
export type WorkerEntry = keyof typeof WORKER_SOURCES;

const fromBundle = (): boolean => typeof STEWARD_BUNDLE !== 'undefined' && STEWARD_BUNDLE;

/**
 * Starts one of the ingestion workers as a thread, from the bundle or from source. The bundle has each worker
 * as its own entry point next to main.js (build.mjs). From source (tests, `npm run dev`) the worker
 * is TypeScript: Node 20 runs no ESM loader hooks in worker threads, so tsx's CommonJS hook is
 * registered first in an eval worker and the worker file is required through it.
 */
export function startWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  if (fromBundle()) {
    return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  }
  const source = fileURLToPath(new URL(WORKER_SOURCES[entry], import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)});\nrequire(${JSON.stringify(source)});`, { ...options, eval: true });
}

export interface ProcessLimits {
  /** The whole address space (RLIMIT_AS, `ulimit -v`), in MB. */
  addressSpaceMb: number;
  /** Processor time (RLIMIT_CPU, `ulimit -t`), in seconds: past it the kernel ends the process with SIGXCPU. */
  cpuSeconds: number;
  /** The V8 heap (--max-old-space-size), in MB. */
  heapMb: number;
}

/**
 * Starts one of the workers as a child process under hard limits the operating system enforces: the shell
 * sets them (`ulimit -v`, `ulimit -t`) and then becomes Node, so they hold for everything the process
 * allocates, V8's heap and the buffers outside it alike, which a worker thread's resourceLimits do not
 * bound. stdin, stderr and an IPC channel (structured clone) are piped; stdout is ignored.
 */
export function startProcess(entry: WorkerEntry, limits: ProcessLimits, env: Record<string, string>): ChildProcess {
  // Without trap-handler bounds checks, WebAssembly (tsx's lexer from source) needs no 8 GB reservation per memory,
  // which an address-space limit would refuse: Node's flag for running under RLIMIT_AS.
  const nodeArgs = [`--max-old-space-size=${limits.heapMb}`, '--disable-wasm-trap-handler'];
  const script = fromBundle() ? fileURLToPath(new URL(`./${entry}.js`, import.meta.url)) : bundledFromSource(entry);
  // The processor-time limit is soft at cpuSeconds (SIGXCPU, which the parent reads as that limit) and hard
  // 5 s later (SIGKILL), in case the process ignored the first.
  const cpu = Math.ceil(limits.cpuSeconds);
  const setLimits = `ulimit -v ${Math.ceil(limits.addressSpaceMb * 1024)} && ulimit -S -t ${cpu} && ulimit -H -t ${cpu + 5} && exec "$@"`;
  return spawn('/bin/sh', ['-c', setLimits, 'sh', process.execPath, ...nodeArgs, script], {
    stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

const bundledFromSource_ = new Map<WorkerEntry, string>();

/**
 * From source (tests, `npm run dev`), the process runs the worker bundled by esbuild into one file,
 * once per server process, rather than through tsx: tsx's loader reserves about 14 GB of address space at
 * start (its WebAssembly lexer), which no address-space limit could leave room for.
 */
function bundledFromSource(entry: WorkerEntry): string {
  const known = bundledFromSource_.get(entry);
  if (known) return known;
  // A name in a variable: the server bundle never includes esbuild (a development dependency), and never runs this.
  const bundler = 'esbuild';
  const esbuild = createRequire(import.meta.url)(bundler) as typeof Esbuild;
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'steward-worker-')), `${entry}.mjs`);
  esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL(WORKER_SOURCES[entry], import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Its packages inlined too (unpdf is plain JavaScript), so the file runs from the temp folder.
    logLevel: 'warning',
  });
  bundledFromSource_.set(entry, outfile);
  return outfile;
}
