import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../slowdown.ts';
import { TEST_BOT_API_KEY, createTestApp, type TestApp } from '../test-app.ts';
import { HEADERS_TIMEOUT_MS, IDLE_CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_HEADER_BYTES } from '../../lib/server-limits.ts';
import { rawExchange } from './raw-http.ts';

// Oversized, deeply nested, header-flooding and slow requests: each is refused with a clear answer
// (or the connection is cut), and the server goes on serving. REQUEST_TIMEOUT_SECONDS=2 keeps the
// slow-client cases short; the production default is 300 s.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '2' });
});
afterAll(() => testApp.close());

const stillServing = async () => expect((await testApp.client().get('/api/health')).status).toBe(200);

describe('request size', () => {
  it('answers a JSON body over 1 MB with a 413 that says the limit', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/inform-the-bot', { content: 'x'.repeat(1024 * 1024 + 10) });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ success: false, error: { message: 'The request is too large: this call takes at most 1 MB.' } });
    await stillServing();
  });

  it('answers a deeply nested JSON body with a 400, never a 500 or a crash', async () => {
    const depth = 100_000;
    const nestedArray = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
    const nestedObject = `{"session_id":"s","user_message":"m","api_response":"r","account":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const login = await testApp.client().postRaw('/api/login', nestedArray, 'application/json');
    expect(login.status).toBe(400);
    expect(login.body.success).toBe(false);
    const bot = await testApp.client().request('POST', '/api/bot/messages', undefined, {
      authorization: `Bearer ${TEST_BOT_API_KEY}`,
    });
    expect(bot.status).toBe(400);
    const deepBot = await fetch(`${testApp.baseUrl}/api/bot/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_BOT_API_KEY}`, 'content-type': 'application/json' },
      body: nestedObject,
    });
    expect(deepBot.status).toBe(400);
    expect(((await deepBot.json()) as { success: boolean }).success).toBe(false);
    await stillServing();
  });

  it(`answers headers over ${MAX_HEADER_BYTES / 1024} KB (here 10 MB) with a 431 and stays up`, async () => {
    const exchange = await rawExchange(testApp.baseUrl, [
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Flood: ${'a'.repeat(10 * 1024 * 1024)}\r\n\r\n`,
    ]);
    expect(exchange.response).toMatch(/^HTTP\/1\.1 431 /);
    expect(exchange.closed).toBe(true);
    await stillServing();
  });
});

describe('long paths', () => {
  it('answers a path parameter over 2,048 characters with a 414, a malformed one with a 400, and a 20 KB URL with a 431', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const longParam = await client.get(`/api/history/${'s'.repeat(2049)}`);
    expect(longParam.status).toBe(414);
    expect(longParam.body).toEqual({ success: false, error: { message: 'A part of the address is too long.' } });
    const badUrl = await client.get('/api/history/%E0%A4%A');
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ success: false, error: { message: 'The address is not valid.' } });
    const exchange = await rawExchange(testApp.baseUrl, [`GET /api/history/${'s'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
    expect(exchange.response).toMatch(/^HTTP\/1\.1 431 /);
    await stillServing();
  });
});

describe('slow clients', () => {
  // Each trickle would take 40 s; the server cuts it off after about 2 s. A close within this bound is the server's
  // doing, on a slow machine too (STEWARD_TEST_SLOWDOWN), and never near the 40 s.
  const CUT_OFF_WITHIN_MS = Math.min(scaled(8_000), 20_000);
  const trickle = { intervalMs: 100, waitMs: CUT_OFF_WITHIN_MS + 5_000 };
  const testTimeout = CUT_OFF_WITHIN_MS + scaled(12_000);

  it('sets the Node server timeouts', () => {
    const server = testApp.app.server;
    expect(server.requestTimeout).toBe(2_000);
    expect(server.headersTimeout).toBe(Math.min(HEADERS_TIMEOUT_MS, 2_000));
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.timeout).toBe(IDLE_CONNECTION_TIMEOUT_MS);
    expect(server.maxHeadersCount === null || server.maxHeadersCount > 0).toBe(true);
  });

  it('cuts off a client that trickles its body past the request timeout', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n';
    const body = Array.from({ length: 400 }, () => ' ');
    const exchange = await rawExchange(testApp.baseUrl, [head, ...body], trickle);
    expect(exchange.closed).toBe(true);
    // 400 bytes at 10 a second would take 40 s; the server gives up after about 2 s.
    expect(exchange.elapsedMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    expect(exchange.response).toMatch(/^(HTTP\/1\.1 408 |$)/);
    await stillServing();
  }, testTimeout);

  it('cuts off a client that trickles its headers', async () => {
    const head = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    const lines = Array.from({ length: 400 }, (_, index) => `X-Slow-${index}: 1\r\n`);
    const exchange = await rawExchange(testApp.baseUrl, [head, ...lines], trickle);
    expect(exchange.closed).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    await stillServing();
  }, testTimeout);
});
