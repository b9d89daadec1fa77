import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../scripts/test-slowdown.ts';
import { measure, measureInRounds, percentiles, WARM_UP_SECONDS } from './measure.ts';

/** A local server that counts what it answers and remembers each body. */
let server: http.Server;
let url: string;
const bodies: string[] = [];
/** The path of every request answered, in order. */
const paths: string[] = [];
/** The `x-device` and `x-run` headers of every request answered. */
const devices: string[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      paths.push(request.url ?? '');
      devices.push(`${String(request.headers['x-device'])} ${String(request.headers['x-run'])}`);
      response.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('measure', () => {
  it('warms a call up unmeasured (one request alone, then a second of load) before its measured run', async () => {
    bodies.length = 0;
    const measured = await measure({ url, connections: 2, durationSeconds: 1, method: 'POST', body: '{}' });
    expect(WARM_UP_SECONDS).toBeGreaterThan(0);
    expect(measured.errors).toBe(0);
    expect(measured.requests).toBeGreaterThan(0);
    // The server answered the measured requests and more: the warm-up's are not counted.
    expect(bodies.length).toBeGreaterThan(measured.requests);
  });

  it('numbers bodyFor requests on one count across the warm-up and the run, so no text repeats', async () => {
    bodies.length = 0;
    await measure({ url, connections: 2, durationSeconds: 1, method: 'POST', bodyFor: (number) => `{"n":${number}}` });
    expect(bodies.length).toBeGreaterThan(2);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('gives each connection its own headers, on top of the run\'s', async () => {
    devices.length = 0;
    const measured = await measure({ url, connections: 3, durationSeconds: 1, headers: { 'x-run': 'bench' }, connectionHeaders: ['a', 'b', 'c'].map((device) => ({ 'x-device': device })) });
    expect(measured.errors).toBe(0);
    expect(new Set(devices)).toEqual(new Set(['a bench', 'b bench', 'c bench']));
  });

  it('gives p50, p99 and max to fractions of a millisecond, from the answers of the measured run', async () => {
    const measured = await measure({ url, connections: 2, durationSeconds: 1 });
    expect(measured.requests).toBeGreaterThan(0);
    // autocannon's histogram would give whole milliseconds (0 or 1 on loopback); the answers' own times do not.
    expect(measured.p50).toBeGreaterThan(0);
    expect(Number.isInteger(measured.p50)).toBe(false);
    expect(measured.p50).toBeLessThanOrEqual(measured.p99);
    expect(measured.p99).toBeLessThanOrEqual(measured.max);
  });
});

describe('measureInRounds', () => {
  it('warms each call up, then runs the calls in turn, round after round, and counts each call\'s slices together', async () => {
    paths.length = 0;
    const [first, second] = await measureInRounds(
      [
        { url: `${url}first`, connections: 2, durationSeconds: 0.6 },
        { url: `${url}second`, connections: 2, durationSeconds: 0.6 },
      ],
      3,
    );
    // Runs of the same call in a row: first's warm-ups, second's, then three rounds of both.
    // (An earlier test's last requests may still arrive at the start.)
    const ours = paths.filter((path) => path === '/first' || path === '/second');
    const turns = ours.filter((path, index) => path !== ours[index - 1]);
    expect(turns).toEqual(['/first', '/second', '/first', '/second', '/first', '/second', '/first', '/second']);
    for (const measured of [first, second]) {
      expect(measured?.errors).toBe(0);
      expect(measured?.requests).toBeGreaterThan(0);
      expect(measured?.requestsPerSecond).toBeGreaterThan(0);
    }
    // The three slices of each are counted; the warm-ups are not.
    const answered = (path: string) => paths.filter((seen) => seen === path).length;
    expect(first?.requests).toBeLessThan(answered('/first'));
    expect(second?.requests).toBeLessThan(answered('/second'));
  }, scaled(20_000));

  it('refuses a number of rounds that is not a whole number of at least one', async () => {
    await expect(measureInRounds([{ url, connections: 1, durationSeconds: 1 }], 0)).rejects.toThrow('rounds must be a whole number of at least 1 (got 0).');
  });
});

describe('percentiles', () => {
  it('answers the nearest-rank values, whatever the order of the values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentiles(values, 50, 99, 100, 10)).toEqual([5, 10, 10, 1]);
    expect(percentiles([19.4, 38.6], 50)).toEqual([19.4]);
  });

  it('answers 0 for no values (a run with no 2xx answers, which counts as errors)', () => {
    expect(percentiles([], 50, 99)).toEqual([0, 0]);
  });
});
