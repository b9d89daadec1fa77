import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { INTEGRATION_KEY_SCOPES } from '@steward/contract/integration-keys';
import * as permissions from '@steward/contract/permissions';
import { createSession } from '../../modules/auth/sessions.repository.ts';
import { SESSION_COOKIE } from '../../modules/auth/session-cookie.ts';
import { ApiClient, type ApiResponse } from '../api-client.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../test-app.ts';
import type { UserRecord } from '../../modules/auth/users.repository.ts';
import { ACCESS_MATRIX, ACTORS, KEY_SCOPE_MATRIX, type Actor, type MatrixRequest, type MatrixRow, type StaffActor } from './access-matrix.table.ts';
import { matrixFixtures } from './matrix-fixtures.ts';

// Every registered route × every kind of caller, against the declared answer (access-matrix.table.ts).
// A route registered without a row fails the first test, naming it.

let testApp: TestApp;
let author: ApiClient;
let staff: Record<StaffActor, UserRecord>;

beforeAll(async () => {
  // The chat's per-address limits would count every caller of the matrix as one visitor.
  testApp = await createTestApp(
    { CHAT_RATE_LIMIT_PER_IP: '100000', CHAT_RATE_LIMIT_PER_SESSION: '100000' },
    { widgetBuild: { script: Buffer.from('// widget'), scriptEtag: '"matrix"', demoHtml: Buffer.from('<!doctype html><p>demo</p>'), demoCss: Buffer.from('p{}') } },
  );
  ({ client: author } = await testApp.signedInClient('admin', { name: 'Matrix Author' }));
  staff = {
    viewer: await testApp.createUser({ role: 'viewer', name: 'Matrix Viewer' }),
    admin: await testApp.createUser({ role: 'admin', name: 'Matrix Admin' }),
    noCapabilities: await testApp.createUser({ role: 'viewer', name: 'Matrix No Capabilities' }),
  };
});
afterAll(() => testApp.close());

const isStaff = (actor: Actor): actor is StaffActor => actor !== 'anonymous' && actor !== 'bot';

/** A client for one call: staff get a session of their own, so a logout or a password change by one call spares the next. */
async function clientFor(actor: Actor): Promise<{ id: number; client: ApiClient }> {
  if (actor === 'anonymous') return { id: 0, client: new ApiClient(testApp.baseUrl) };
  if (actor === 'bot') return { id: 0, client: new ApiClient(testApp.baseUrl, { authorization: `Bearer ${TEST_BOT_API_KEY}` }) };
  const user = staff[actor];
  const session = await createSession(testApp.db, { userId: user.id, ip: '127.0.0.1', userAgent: 'access matrix' });
  const client = new ApiClient(testApp.baseUrl);
  client.setCookie(SESSION_COOKIE, session.sessionId);
  return { id: user.id, client };
}

/** The no-capabilities column runs while the viewer role holds nothing; every other column sees the defaults. */
async function withRoleCapabilities<T>(actor: Actor, run: () => Promise<T>): Promise<T> {
  if (actor !== 'noCapabilities') return run();
  await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer'`);
  try {
    return await run();
  } finally {
    for (const capability of DEFAULT_ROLE_CAPABILITIES.viewer) {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', ${capability})`);
    }
  }
}

const methodOf = (row: MatrixRow): string => row.route.split(' ')[0] ?? '';

function send(client: ApiClient, method: string, request: MatrixRequest): Promise<ApiResponse> {
  if (request.form) return client.postForm(request.path, request.form);
  // The public chat answers pages of PUBLIC_URL (and BOT_ALLOWED_ORIGINS), never the Host the request reached.
  const headers: Record<string, string> = request.path.startsWith('/api/chat/') ? { origin: testApp.config.publicUrl } : {};
  return client.request(method, request.path, request.body, headers);
}

function expectDeclaredAnswer(answer: ApiResponse, expected: number, label: string, json: boolean): void {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(expected);
  if (!json) return;
  if (expected === 204) return;
  expect(answer.body?.success, `${label}: success`).toBe(expected < 400);
  if (expected >= 400) {
    expect(typeof answer.body.error?.message, label).toBe('string');
    expect(answer.body.error?.message, label).not.toMatch(/Internal Server Error|Error:|at .*\.ts/);
  }
}

async function callAs(row: MatrixRow, actor: Actor, method: string, otherUser?: number): Promise<ApiResponse> {
  return withRoleCapabilities(actor, async () => {
    const caller = await clientFor(actor);
    const fixtures = matrixFixtures(testApp, author, caller);
    const request = otherUser === undefined || !row.otherUsersId ? await row.build(fixtures, actor) : row.otherUsersId.build(fixtures, otherUser);
    return send(caller.client, method, request);
  });
}

describe('the access matrix covers every route', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const declared = new Set(ACCESS_MATRIX.map((row) => row.route));
    // Fastify answers HEAD for every GET with the same hooks; a GET row covers its HEAD (run below too).
    const missing = testApp.routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !declared.has(key) && !(key.startsWith('HEAD ') && declared.has(key.replace(/^HEAD /, 'GET '))));
    expect(missing, 'routes without a row in access-matrix.table.ts').toEqual([]);
    const registered = new Set(testApp.routes.map((route) => `${route.method} ${route.url}`));
    expect(ACCESS_MATRIX.filter((row) => !registered.has(row.route)).map((row) => row.route)).toEqual([]);
  });

  it('declares, for every route guarded by a permission rule, exactly what the rule says (the rule the screens use)', () => {
    const members: Record<StaffActor, permissions.StaffMember> = {
      viewer: { id: 1, role: 'viewer', capabilities: [...DEFAULT_ROLE_CAPABILITIES.viewer] },
      admin: { id: 2, role: 'admin', capabilities: [...DEFAULT_ROLE_CAPABILITIES.admin] },
      noCapabilities: { id: 3, role: 'viewer', capabilities: [] },
    };
    const rules = permissions as unknown as Record<string, permissions.StaffRule | undefined>;
    for (const row of ACCESS_MATRIX) {
      const [method, url] = row.route.split(' ');
      const accessName = testApp.routes.find((route) => route.method === method && route.url === url)?.access ?? '';
      const rule = rules[accessName];
      if (!rule) continue;
      for (const actor of ['viewer', 'admin', 'noCapabilities'] as const) {
        expect(row.expect[actor] === 403, `${row.route} for ${actor} (${accessName})`).toBe(!rule(members[actor]));
      }
    }
  });
});

describe.each(ACCESS_MATRIX)('$route', (row) => {
  const method = methodOf(row);
  // The exports (issue 40) answer a file, not the envelope, when they succeed.
  const json = row.route.includes(' /api/') && !row.route.includes('/api/docs') && !row.route.includes('/api/export/') && method !== 'HEAD' && method !== 'OPTIONS';

  it.each(ACTORS)('answers %s as declared', async (actor) => {
    const answer = await callAs(row, actor, method);
    expectDeclaredAnswer(answer, row.expect[actor], `${row.route} as ${actor}`, json);
    if (method === 'GET') {
      const head = await callAs(row, actor, 'HEAD');
      expect(head.status, `HEAD ${row.route} as ${actor}`).toBe(row.expect[actor]);
    }
  });

  const otherUsersId = row.otherUsersId;
  if (otherUsersId) {
    it.each(Object.keys(otherUsersId.expect) as StaffActor[])("answers %s with another user's id as declared", async (actor) => {
      expect(isStaff(actor)).toBe(true);
      const other = await testApp.createUser({ role: 'admin', name: 'Someone Else' });
      const answer = await callAs(row, actor, method, other.id);
      expectDeclaredAnswer(answer, otherUsersId.expect[actor] ?? 0, `${row.route} as ${actor} with another user's id`, json);
    });
  }
});

describe('integration keys on the bot API and the exports, scope by scope', () => {
  it('names the scope of every route a key opens, as the route declares it', () => {
    const keyRoutes = testApp.routes.filter((route) => route.method !== 'HEAD' && (route.access?.startsWith('bot:') || route.keyScope));
    expect(Object.fromEntries(keyRoutes.map((route) => [`${route.method} ${route.url}`, route.keyScope ?? route.access]))).toEqual(
      Object.fromEntries(Object.entries(KEY_SCOPE_MATRIX).map(([route, scope]) => [route, route.startsWith('GET /api/export/') ? scope : `bot:${scope}`])),
    );
  });

  describe.each(ACCESS_MATRIX.filter((row) => KEY_SCOPE_MATRIX[row.route]))('$route', (row) => {
    const json = !row.route.includes('/api/export/');
    it.each(INTEGRATION_KEY_SCOPES)('with a key of the scope %s alone', async (scope) => {
      const fixtures = matrixFixtures(testApp, author, { id: 0, client: new ApiClient(testApp.baseUrl) });
      const { key } = await fixtures.integrationKey([scope]);
      const client = new ApiClient(testApp.baseUrl, { authorization: `Bearer ${key}` });
      const answer = await send(client, methodOf(row), await row.build(fixtures, 'bot'));
      expectDeclaredAnswer(answer, KEY_SCOPE_MATRIX[row.route] === scope ? 200 : 403, `${row.route} with a ${scope} key`, json);
    });
  });
});

describe('refusals come before validation', () => {
  it('answers an anonymous caller 401 and a viewer 403 whatever the body or params hold', async () => {
    const anonymous = await testApp.client().post('/api/add-user', { name: 42, extra: true });
    expect(anonymous.status).toBe(401);
    const { client: viewer } = await clientFor('viewer');
    const refused = await viewer.post('/api/add-user', { name: 42, extra: true });
    expect(refused.status).toBe(403);
    expect((await testApp.client().get('/api/user/not-a-number')).status).toBe(401);
  });
});
