import fs from 'node:fs';
import { forkBenchServer, prepareDataDir, signIn } from '../../bench/src/bench-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * `npm run bench` measures the shipped bundle (apps/server/dist/main.js) in a process of its own
 * (bench/src/server-process.mjs). That needs the build, which the browser tests are run against, so the
 * bench's server process is tested here rather than with the bench's unit tests.
 */
test("the bench's server process serves the shipped build beside its bare route, reports its memory and stops cleanly", async () => {
  test.setTimeout(scaled(120_000));
  const { dataDir } = await prepareDataDir(300);
  try {
    const server = await forkBenchServer(dataDir);
    let running = true;
    try {
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await (await fetch(server.bareUrl)).json()).toEqual({ success: true });
      const cookie = await signIn(server.url);
      const page = await fetch(`${server.url}/api/all-history/0`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(((await page.json()) as { data: { rows: unknown[] } }).data.rows).toHaveLength(30);
      // The child's own resident set: a server on the embedded database holds well over 50 MB; a full garbage
      // collection (it runs with --expose-gc) frees some, and the peak is at least what it holds now.
      const memory = await server.memory();
      expect(memory.rssBytes).toBeGreaterThan(50 * 2 ** 20);
      expect(memory.afterGcBytes).toBeGreaterThan(50 * 2 ** 20);
      expect(memory.afterGcBytes).toBeLessThanOrEqual(memory.peakBytes);
      expect(memory.rssBytes).toBeLessThanOrEqual(memory.peakBytes);
      running = false;
      // Throws unless the server shut down on SIGTERM with exit code 0.
      await server.stop();
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      if (running) await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
