import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGES } from '@steward/contract/text-safety';
import { ApiClient, type ApiResponse } from '../api-client.ts';
import { scaled } from '../slowdown.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../test-app.ts';
import { dbFingerprint } from './db-fingerprint.ts';
import { HOSTILE_TEXTS, hostileAttempts, objectsOf, type OpenApiDocument, type OpenApiRoute, routesOfOpenApi } from './openapi-routes.ts';

// Issue 38: bad input is a 400, never a 500. Every route of the OpenAPI document is sent bodies and path
// parameters whose every string holds a NUL or a lone surrogate, and bodies with an unknown key at every level;
// each must answer 400 with the reason, change nothing, and no route may answer 500.

let testApp: TestApp;
let admin: ApiClient;
let bot: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin'));
  bot = new ApiClient(testApp.baseUrl, { authorization: `Bearer ${TEST_BOT_API_KEY}` });
});
afterAll(() => testApp.close());

const clientFor = (path: string) => (path.startsWith('/api/bot/') ? bot : admin);
// The public chat answers pages of PUBLIC_URL only (the client's own origin is this server's loopback port).
const originFor = (path: string): Record<string, string> => (path.startsWith('/api/chat/') ? { origin: testApp.config.publicUrl } : {});
const send = (route: OpenApiRoute, path: string, body: unknown): Promise<ApiResponse> =>
  route.method === 'GET' ? clientFor(route.path).get(path) : clientFor(route.path).request(route.method, path, body, originFor(route.path));

// A lone surrogate has no UTF-8 form: in a path it arrives as the bytes of one (ED A0 80), which are not UTF-8
// and so an address the server refuses as not valid.
const HOSTILE = [
  { name: 'NUL', text: 'a\u0000b', inPath: 'a%00b', reason: UNSAFE_TEXT_MESSAGES.nul, pathReasons: [UNSAFE_TEXT_MESSAGES.nul] as string[] },
  { name: 'a lone surrogate', text: 'a\uD800b', inPath: 'a%ED%A0%80b', reason: UNSAFE_TEXT_MESSAGES.loneSurrogate, pathReasons: ['The address is not valid.', UNSAFE_TEXT_MESSAGES.loneSurrogate] as string[] },
];

describe('every route of the OpenAPI document', () => {
  it('is listed: the document has the routes this test walks', async () => {
    const routes = routesOfOpenApi((await admin.get<OpenApiDocument>('/api/docs/json')).body);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.body).length).toBeGreaterThan(20);
  });

  it.each(HOSTILE)('answers 400 with the reason, and writes nothing, for $name in every string of a body and in every path parameter', async ({ text, inPath, reason, pathReasons }) => {
    const routes = routesOfOpenApi((await admin.get<OpenApiDocument>('/api/docs/json')).body);
    const before = await dbFingerprint(testApp.db);
    const wrong: string[] = [];
    for (const route of routes) {
      // The same requests as `npm run check:security`'s probe sends (openapi-routes.ts: a body of booleans,
      // numbers and nulls only has no string to carry the text, and is not sent).
      for (const attempt of hostileAttempts(route, { text, inPath })) {
        const answer = await send(route, attempt.path, attempt.body);
        const reasons = attempt.where === 'path' ? pathReasons : [reason];
        if (answer.status !== 400 || !reasons.includes(answer.body.error?.message ?? '')) wrong.push(`${route.method} ${route.path} (${attempt.where}): ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      await testApp.db.execute(sql`DELETE FROM rate_limits`);
    }
    expect(wrong).toEqual([]);
    expect(await dbFingerprint(testApp.db)).toEqual(before);
  }, scaled(120_000));

  it('sends a hostile body only where a string can carry the text: the bodies without one are valid requests, answered 200', async () => {
    // The security check's probe sent these samples too and counted their 200s as findings (ten on 29 Nov 2026):
    // with no string in the body the sample is a valid request (it switched masking and the weekly report on and
    // set every retention to one day on the probed server), so neither the probe nor this test sends them.
    const routes = routesOfOpenApi((await admin.get<OpenApiDocument>('/api/docs/json')).body);
    for (const hostile of HOSTILE_TEXTS) {
      const withoutString = routes.filter((route) => route.body && !hostileAttempts(route, hostile).some((attempt) => attempt.where === 'body'));
      expect(withoutString.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
        'POST /api/data-retention',
        'POST /api/data-retention/preview',
        'POST /api/personal-data/masking',
        'POST /api/user/{id}/weekly-report',
        'POST /api/weekly-report/offer',
      ]);
      // Every other body carries the text, and a path parameter is still tried where the route has one.
      const carrying = routes.filter((route) => route.body && !withoutString.includes(route));
      expect(carrying.every((route) => hostileAttempts(route, hostile).some((attempt) => attempt.where === 'body' && JSON.stringify(attempt.body).includes(JSON.stringify(hostile.text).slice(1, -1))))).toBe(true);
      const weekly = withoutString.find((route) => route.path === '/api/user/{id}/weekly-report');
      expect(weekly && hostileAttempts(weekly, hostile).map((attempt) => attempt.where)).toEqual(['path']);
    }
  });

  it('refuses unknown keys in every object of every body schema, nested ones too', async () => {
    const routes = routesOfOpenApi((await admin.get<OpenApiDocument>('/api/docs/json')).body);
    const open = routes.flatMap((route) =>
      objectsOf(route.body)
        .filter(({ schema }) => schema.additionalProperties !== false)
        .map(({ path }) => `${route.method} ${route.path}: ${path}`),
    );
    expect(open).toEqual([]);
    // Nested objects are among those checked (the bot API's source_docs metadata, the fun facts' rows, …).
    const nested = routes.flatMap((route) => objectsOf(route.body).filter(({ path }) => path !== 'body'));
    expect(nested.length).toBeGreaterThan(5);
  });
});

describe('the calls the outside probe found answering 500 on a NUL', () => {
  it.each([
    ['/api/login', { email: 'a\u0000@example.com', password: 'x' }],
    ['/api/send-password-reset-email', { email: 'a\u0000@example.com' }],
    ['/api/chat/ask', { message: 'Hello\u0000' }],
    ['/api/chat/help-request', { name: 'N', email: 'n@example.com', message: 'help\u0000' }],
    ['/api/chat/feedback', { session_id: 's\u0000', history_id: 1, rating: 'up' }],
  ])('%s answers 400, anonymously', async (path, body) => {
    const answer = await testApp.client().post(path, body, originFor(path));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(UNSAFE_TEXT_MESSAGES.nul);
  });
});
