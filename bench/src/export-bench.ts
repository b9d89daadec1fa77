/**
 * The export bench (issue 40): every history row of a BENCH_HISTORY_ROWS data dir exported as CSV through
 * GET /api/export/history by the shipped server (in a process of its own, forkBenchServer), read and thrown
 * away as it arrives, with the server's resident set before, at its peak and after; then the same export again.
 * The export reads a keyset batch at a time as the socket drains, so its own memory does not follow the row
 * count; the first export also fills the embedded database's page cache (PostgreSQL's shared_buffers, 64 MB in
 * PGlite), which is touched as pages are read and kept: the second export, on a warm cache, shows the rest.
 * Its RSS peak is mostly the room V8 lets its heap grow into while garbage comes fast (the same code measured
 * 25–150 MB above the RSS before it, run after run), so the target row judges what stays live after V8's full
 * collections (server-process.mjs) and shows the RSS beside it.
 */
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import { benchAdmin, forkBenchServer, prepareDataDir, signIn } from './bench-server.ts';
import type { ServerMemory } from './server-process-messages.ts';

export interface ExportResults {
  rows: number;
  bytes: number;
  milliseconds: number;
  before: ServerMemory;
  /** After the first export: its peak is the first export's own. */
  after: ServerMemory;
  /** After the second: its peak is the second export's own. */
  again: ServerMemory;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Reads an export to its end, counting its bytes and lines, holding none of them. */
async function drain(url: string, cookie: string): Promise<{ bytes: number; lines: number }> {
  // The dashboard's header: an export answers no plain GET (issue 52).
  const response = await fetch(url, { headers: { cookie, [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value } });
  if (!response.ok || !response.body) throw new Error(`The export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  return { bytes, lines };
}

export async function benchmarkExport(historyRows: number): Promise<ExportResults> {
  log(`Export: generating ${historyRows.toLocaleString('en-US')} history rows…`);
  const { dataDir } = await prepareDataDir(historyRows);
  const server = await forkBenchServer(dataDir);
  try {
    const cookie = await signIn(server.url, benchAdmin);
    // An export of no rows first, so the code it runs is loaded before the memory is taken.
    await drain(`${server.url}/api/export/history?format=csv&country=ZZ`, cookie);
    const before = await server.memory({ restartPeak: true });
    const started = performance.now();
    const { bytes, lines } = await drain(`${server.url}/api/export/history?format=csv`, cookie);
    const milliseconds = performance.now() - started;
    const after = await server.memory({ restartPeak: true });
    await drain(`${server.url}/api/export/history?format=csv`, cookie);
    const again = await server.memory();
    // CSV lines end in CRLF; a cell may hold line breaks of its own, so the header and the rows are at least this many.
    log(`  ${lines.toLocaleString('en-US')} lines, ${(bytes / 1e6).toFixed(0)} MB in ${(milliseconds / 1000).toFixed(1)} s`);
    return { rows: historyRows, bytes, milliseconds, before, after, again };
  } finally {
    await server.stop();
  }
}

/** The detail line of the run. */
export function exportMarkdown(results: ExportResults): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    '#### Export',
    '',
    `GET /api/export/history?format=csv of ${results.rows.toLocaleString('en-US')} rows: ${mb(results.bytes)} in ${(results.milliseconds / 1000).toFixed(1)} s. ` +
      `The server's RSS: ${mb(results.before.rssBytes)} before (its peak so far ${mb(results.before.peakBytes)}), at most ${mb(results.after.peakBytes)} while exporting, ${mb(results.after.rssBytes)} after (${mb(results.after.afterGcBytes)} after a collection). ` +
      `The same export again, on the database's warm page cache: at most ${mb(results.again.peakBytes)} while exporting, ${mb(results.again.rssBytes)} after (${mb(results.again.afterGcBytes)} after a collection). ` +
      `Live (V8's heap in use and external memory): ${mb(results.after.liveBytes)} before the second export, at most ${mb(results.again.mostLiveBytes)} after a full collection during it, ${mb(results.again.liveBytes)} after it.`,
  ].join('\n');
}
