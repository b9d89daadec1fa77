import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure, percentiles, WARM_UP_SECONDS } from './measure.ts';

/** A local server that counts what it answers and remembers each body. */
let server: http.Server;
let url: string;
const bodies: string[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
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
