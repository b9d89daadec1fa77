import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTED_CALL_HEADER, SCRIPTED_CALL_MESSAGES } from '@steward/contract/scripted-calls';
import { sqlRows } from '../../db/sql-rows.ts';
import { createSession } from '../../modules/auth/sessions.repository.ts';
import { SESSION_COOKIE } from '../../modules/auth/session-cookie.ts';
import { ApiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { ACCESS_MATRIX } from './access-matrix.table.ts';
import { dbFingerprint } from './db-fingerprint.ts';
import { matrixFixtures } from './matrix-fixtures.ts';

/**
 * Issue 52: no GET that writes or exports answers a request an image or a link can send. Every registered GET (the
 * access matrix builds a valid call of each) is called as an administrator the way the dashboard calls it; those that
 * changed something (the guarded tables, the audit log, the sessions, the jobs) or answered a file are the GETs that
 * act. They must be exactly the routes declared `scriptedOnly`, and each must refuse what an `<img>`, a link or
 * another site sends, changing nothing.
 */
let testApp: TestApp;
let author: ApiClient;

beforeAll(async () => {
  testApp = await createTestApp(
    { CHAT_RATE_LIMIT_PER_IP: '100000', CHAT_RATE_LIMIT_PER_SESSION: '100000' },
    { widgetBuild: { script: Buffer.from('// widget'), scriptEtag: '"gets"', demoHtml: Buffer.from('<!doctype html><p>demo</p>'), demoCss: Buffer.from('p{}') } },
  );
  ({ client: author } = await testApp.signedInClient('admin', { name: 'Acting GETs Author' }));
});
afterAll(() => testApp.close());

/** What a call that acts changes: the guarded tables, and the audit log, sessions and jobs (by their ids, not last-seen times). */
async function state(): Promise<string> {
  const [ids] = await sqlRows<Record<string, string | null>>(
    testApp.db,
    sql`SELECT
      (SELECT string_agg(id::text, ',' ORDER BY id) FROM audit_log) AS audit,
      (SELECT string_agg(id_hash, ',' ORDER BY id_hash) FROM sessions) AS sessions,
      (SELECT string_agg(id::text, ',' ORDER BY id) FROM jobs) AS jobs`,
  );
  return JSON.stringify({ tables: await dbFingerprint(testApp.db), ...ids });
}

/** A fresh administrator session, so a logout by one call spares the next. */
async function adminSession(): Promise<{ id: number; client: ApiClient; cookie: string }> {
  const user = await testApp.createUser({ role: 'admin' });
  const session = await createSession(testApp.db, { userId: user.id, ip: '127.0.0.1', userAgent: 'acting GETs' });
  const client = new ApiClient(testApp.baseUrl);
  client.setCookie(SESSION_COOKIE, session.sessionId);
  return { id: user.id, client, cookie: `${SESSION_COOKIE}=${session.sessionId}` };
}

const DASHBOARD_FETCH = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value };
/** What Chromium sends for each way a page can make the browser GET a URL without a script of its own. */
const NOT_SCRIPTED: [string, Record<string, string>][] = [
  ['an <img> of the same origin', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
  ['a link clicked on the same origin', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' }],
  ['a frame', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }],
  ['an address typed by hand', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
  ["another site's fetch with the header (which no preflight allows)", { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value }],
  ['an old browser: no fetch metadata, no header', {}],
  ['a same-site subdomain', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value }],
];

const call = (path: string, cookie: string, headers: Record<string, string>) => fetch(`${testApp.baseUrl}${path}`, { headers: { cookie, ...headers } });
const isFile = (response: Response) => /attachment/i.test(response.headers.get('content-disposition') ?? '');

const GET_ROWS = ACCESS_MATRIX.filter((row) => row.route.startsWith('GET '));

/**
 * GETs that change nothing but are answered to the dashboard's own call only for what they answer: the provider's
 * logout address holds the member's ID token (id_token_hint).
 */
const SCRIPTED_FOR_THEIR_ANSWER = ['GET /api/sso/end-session'];

describe('the GETs that act', () => {
  const acting: string[] = [];

  it('are found by calling every registered GET as the dashboard does', async () => {
    for (const row of GET_ROWS) {
      const admin = await adminSession();
      const request = await row.build(matrixFixtures(testApp, author, admin), 'admin');
      const before = await state();
      const answer = await call(request.path, admin.cookie, DASHBOARD_FETCH);
      const file = isFile(answer);
      await answer.arrayBuffer();
      if (file || (await state()) !== before) acting.push(row.route);
    }
    expect(acting.sort()).toEqual(['GET /api/export/audit-log', 'GET /api/export/feedback', 'GET /api/export/help-requests', 'GET /api/export/history', 'GET /api/logout']);
  }, 300_000);

  it('are exactly the routes declared scriptedOnly', () => {
    const declared = testApp.routes.filter((route) => route.method === 'GET' && route.scriptedOnly).map((route) => `GET ${route.url}`);
    expect(declared.sort()).toEqual([...acting, ...SCRIPTED_FOR_THEIR_ANSWER].sort());
    // Every GET was walked: a new one without a matrix row fails the access matrix too.
    expect(GET_ROWS.length).toBe(testApp.routes.filter((route) => route.method === 'GET').length);
  });

  it('refuse what an image, a link, a typed address or another site sends, changing nothing', async () => {
    for (const route of acting) {
      const row = GET_ROWS.find((candidate) => candidate.route === route);
      if (!row) throw new Error(`${route} has no access matrix row.`);
      for (const [label, headers] of NOT_SCRIPTED) {
        const admin = await adminSession();
        const request = await row.build(matrixFixtures(testApp, author, admin), 'admin');
        const before = await state();
        const answer = await call(request.path, admin.cookie, headers);
        expect(answer.status, `${route} as ${label}`).toBe(403);
        expect(isFile(answer), `${route} as ${label}`).toBe(false);
        expect(((await answer.json()) as { error?: { message?: string } }).error?.message).toBe(SCRIPTED_CALL_MESSAGES.refused);
        expect(await state(), `${route} as ${label}`).toBe(before);
      }
    }
  }, 300_000);
});
