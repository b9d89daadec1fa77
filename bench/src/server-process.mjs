// The child process `forkBenchServer` starts, run by plain Node: the shipped server (apps/server/dist/main.js,
// what `npm start` runs) configured by the environment it was given, and beside it in the same process a bare
// Fastify app, one route answering `{success:true}` and no plugins: the ceiling authenticate-user is compared
// with. A separate app rather than a route added to the server: no production code carries a bench hook.
// Plain JavaScript, so no TypeScript loader's threads or source maps count in the server's RSS.
// It sends both URLs once both answer and answers `memory` with its own resident set size: now, after a full
// garbage collection, and the most sampled since it started; and what is live after each full collection (V8's
// GC profiler), so a measurement can tell memory a call holds from garbage V8 has not yet collected.
// SIGTERM stops it, through the server's own shutdown.
import { existsSync } from 'node:fs';
import net from 'node:net';
import v8 from 'node:v8';
import Fastify from 'fastify';

const MAIN = new URL('../../apps/server/dist/main.js', import.meta.url);
const BARE_ROUTE_PATH = '/bare';

/** @param {import('./server-process-messages.ts').ServerProcessMessage} message */
const send = (message) => process.send?.(message);

/** A loopback port nothing listens on now. */
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('The port probe has no port.');
  return address.port;
}

/** How long the server may take to answer its first call (it starts in ~10 s on the 1M dataset). */
const START_DEADLINE_MS = 300_000;

/** Resolves once the server answers GET /api/health; main.js exits the process when it cannot start. */
async function serving(url) {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The bench server did not answer ${url}/api/health within ${START_DEADLINE_MS / 1000} s.`);
}

if (!existsSync(MAIN)) throw new Error('apps/server/dist/main.js is missing: npm run bench builds it (npm run build).');
const bare = Fastify({ logger: false });
bare.get(BARE_ROUTE_PATH, async () => ({ success: true }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}${BARE_ROUTE_PATH}`;

process.env.PORT = String(await freePort());
await import(MAIN.href);
const url = `http://127.0.0.1:${process.env.PORT}`;
await serving(url);

// The most resident memory seen, sampled while the bench drives the server (the timer keeps nothing alive).
let peakBytes = process.memoryUsage.rss();
setInterval(() => (peakBytes = Math.max(peakBytes, process.memoryUsage.rss())), 250).unref();
/** The most live after a full collection, since the last report that restarted the peak. */
let mostLive = 0;

/** Live after a collection: the heap in use and the external memory V8 counts (buffers, WebAssembly memories). */
const liveOf = (/** @type {{ usedHeapSize: number; externalMemory: number }} */ heap) => heap.usedHeapSize + heap.externalMemory;
// Every collection V8 makes, with the heap before and after it; a full one (mark-sweep-compact) leaves what is live.
let collections = new v8.GCProfiler();
collections.start();

process.on('message', (/** @type {import('./server-process-messages.ts').ServerProcessRequest} */ request) => {
  if (request.type !== 'memory') return;
  const rssBytes = process.memoryUsage.rss();
  peakBytes = Math.max(peakBytes, rssBytes);
  // forkBenchServer starts this process with --expose-gc, for this one full collection.
  if (typeof globalThis.gc !== 'function') throw new Error('The bench server was started without --expose-gc.');
  globalThis.gc();
  // A collection can itself touch pages: what it leaves counts towards the peak as well.
  const afterGcBytes = process.memoryUsage.rss();
  peakBytes = Math.max(peakBytes, afterGcBytes);
  const full = (collections.stop()?.statistics ?? []).filter((collection) => collection.gcType === 'MarkSweepCompact');
  const liveBytes = full.length > 0 ? liveOf(full[full.length - 1].afterGC.heapStatistics) : process.memoryUsage().heapUsed + process.memoryUsage().external;
  const mostLiveBytes = Math.max(liveBytes, mostLive, ...full.map((collection) => liveOf(collection.afterGC.heapStatistics)));
  send({ type: 'memory', rssBytes, afterGcBytes, peakBytes, liveBytes, mostLiveBytes });
  mostLive = request.restartPeak ? liveBytes : mostLiveBytes;
  if (request.restartPeak) peakBytes = afterGcBytes;
  collections = new v8.GCProfiler();
  collections.start();
});
send({ type: 'listening', url, bareUrl });
