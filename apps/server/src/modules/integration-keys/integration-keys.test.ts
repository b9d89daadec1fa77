import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_KEY_MESSAGES, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import { buildApp } from '../../app.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Key Admin' }));
});
afterAll(() => testApp.close());

let counter = 0;
const exchange = () => ({ session_id: `keys-${Date.now()}-${(counter += 1)}`, user_message: 'Opening hours?', api_response: '<p>9 to 5.</p>' });

/** Creates a key through the API as the screen does; answers its id and the whole key. */
async function createKey(scopes: IntegrationKeyScope[], extra: Record<string, unknown> = {}, client = admin): Promise<{ id: number; key: string }> {
  const answer = await client.post('/api/integration-keys', { name: `Key ${(counter += 1)}`, scopes, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const row = answer.body.data?.rows[0] as { id: number; key: string };
  return { id: row.id, key: row.key };
}

const auditOf = (keyId: number) =>
  sqlRows<{ action: string; actor_id: number | null; actor_name: string | null; object_label: string; details: Record<string, unknown>; ip: string }>(
    testApp.db,
    sql`SELECT action, actor_id, actor_name, object_label, details, ip FROM audit_log WHERE object_type = 'integration_key' AND object_id = ${keyId} ORDER BY id`,
  );

const historyCount = async (): Promise<number> =>
  Number((await sqlRows<{ n: string | number }>(testApp.db, sql`SELECT count(*) AS n FROM history`))[0]?.n);

describe('creating and listing integration keys', () => {
  it('shows the whole key once, on create, stores only its SHA-256, and the list never shows it', async () => {
    const answer = await admin.post('/api/integration-keys', { name: '  Help desk bot ', scopes: ['ratings', 'exchanges'], expires_at: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const created = answer.body.data?.rows[0] as Record<string, unknown> & { id: number; key: string; prefix: string };
    expect(created.key).toMatch(/^stw_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Help desk bot', scopes: ['exchanges', 'ratings'], created_by: 'Key Admin', expires_at: null, revoked_at: null, last_used_at: null });
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);

    const stored = await sqlRows<{ secret_hash: string }>(testApp.db, sql`SELECT secret_hash FROM integration_keys WHERE id = ${created.id}`);
    expect(stored[0]?.secret_hash).toBe(hashSecret(created.key));
    const secretPart = created.key.slice(created.prefix.length + 1);
    const everything = await sqlRows<Record<string, unknown>>(testApp.db, sql`SELECT * FROM integration_keys`);
    expect(JSON.stringify(everything)).not.toContain(secretPart);

    const list = await admin.get('/api/integration-keys');
    expect(list.status).toBe(200);
    const listed = list.body.data?.rows.find((row) => row.id === created.id);
    expect(listed).toEqual({ ...created, key: undefined });
    expect(JSON.stringify(list.body)).not.toContain(secretPart);

    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({ action: 'integration_key_created', actor_name: 'Key Admin', object_label: `Help desk bot (${created.prefix})`, details: { scopes: 'exchanges, ratings', expires_at: null } }),
    ]);
  });

  it.each([
    [{ name: 'x', scopes: [] }, 'scopes', INTEGRATION_KEY_MESSAGES.scopesRequired],
    [{ name: 'x', scopes: ['admin'] }, 'scopes', INTEGRATION_KEY_MESSAGES.scopeUnknown],
    [{ name: '   ', scopes: ['exchanges'] }, 'name', INTEGRATION_KEY_MESSAGES.nameRequired],
    [{ name: 'x', scopes: ['exchanges'], expires_at: 'tomorrow' }, 'expires_at', INTEGRATION_KEY_MESSAGES.expiryInvalid],
    [{ name: 'x', scopes: ['exchanges'], expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', INTEGRATION_KEY_MESSAGES.expiryPast],
  ])('refuses %j, naming %s, and stores nothing', async (body, field, message) => {
    const before = (await admin.get('/api/integration-keys')).body.data?.rows.length;
    const answer = await admin.post('/api/integration-keys', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message, field });
    expect((await admin.get('/api/integration-keys')).body.data?.rows.length).toBe(before);
  });

  it('refuses viewers (403) and anonymous callers (401) every call, and a key cannot manage keys', async () => {
    const { id } = await createKey(['exchanges']);
    const { client: viewer } = await testApp.signedInClient('viewer');
    const anonymous = testApp.client();
    for (const client of [viewer, anonymous]) {
      const status = client === viewer ? 403 : 401;
      expect((await client.get('/api/integration-keys')).status).toBe(status);
      expect((await client.post('/api/integration-keys', { name: 'Mine', scopes: ['exchanges'] })).status).toBe(status);
      expect((await client.post(`/api/integration-keys/${id}/scopes`, { scopes: ['ratings'] })).status).toBe(status);
      expect((await client.post(`/api/integration-keys/${id}/revoke`)).status).toBe(status);
    }
    const { key } = await createKey(['exchanges', 'ratings', 'help_requests', 'knowledge_search']);
    expect((await testApp.client().get('/api/integration-keys', { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['integration_key_created']);
  });
});

describe('an integration key on the bot API', () => {
  it('opens the calls of its scopes, and notes when and from where it was last used', async () => {
    const { id, key } = await createKey(['exchanges', 'knowledge_search']);
    const answer = await botPost(testApp, '/api/bot/messages', exchange(), key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await botPost(testApp, '/api/bot/knowledge/search', { query: 'hours' }, key)).status).toBe(200);
    const row = (await admin.get('/api/integration-keys')).body.data?.rows.find((entry) => entry.id === id);
    expect(row?.last_used_ip).toBe('127.0.0.1');
    expect(typeof row?.last_used_at).toBe('string');
  });

  it('answers 403 beyond its scopes, stores nothing, and writes an audit entry naming the call and scope', async () => {
    const { id, key } = await createKey(['exchanges']);
    const history = await insertHistory(testApp.db);
    const before = await historyCount();
    const refused = await botPost(testApp, '/api/bot/feedback', { history_id: history.id, rating: 'up' }, key);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: { message: INTEGRATION_KEY_MESSAGES.outsideScope('ratings') } });
    const ratings = await sqlRows<{ n: string | number }>(testApp.db, sql`SELECT count(*) AS n FROM feedback WHERE history_id = ${history.id}`);
    expect(Number(ratings[0]?.n)).toBe(0);
    expect(await historyCount()).toBe(before);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'integration_key_refused', actor_id: null, ip: '127.0.0.1', details: { call: 'POST /api/bot/feedback', scope: 'ratings' } });
    expect(audit.at(-1)?.actor_name).toMatch(/^Integration key Key \d+$/);
  });

  it('follows a scope change at its next call, and the change is audited with before and after', async () => {
    const { id, key } = await createKey(['exchanges']);
    const body = { name: 'Vera', email: 'vera@example.com', message: 'Call me.' };
    expect((await botPost(testApp, '/api/bot/help-requests', body, key)).status).toBe(403);
    const changed = await admin.post(`/api/integration-keys/${id}/scopes`, { scopes: ['help_requests'] });
    expect(changed.status).toBe(200);
    expect(changed.body.data?.rows[0]).toMatchObject({ id, scopes: ['help_requests'] });
    expect((await botPost(testApp, '/api/bot/help-requests', body, key)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(403);
    expect((await auditOf(id)).map((entry) => [entry.action, entry.details])).toContainEqual(['integration_key_scopes_changed', { before: 'exchanges', after: 'help_requests' }]);
  });

  it('is refused (401) from the moment it is revoked, on another instance on the same database too', async () => {
    const { id, key } = await createKey(['exchanges']);
    const second = await buildApp({ config: testApp.config, database: testApp.database });
    try {
      await second.app.ready();
      const onSecond = () =>
        second.app.inject({ method: 'POST', url: '/api/bot/messages', payload: exchange(), headers: { authorization: `Bearer ${key}` } });
      expect((await onSecond()).statusCode).toBe(200);
      const revoked = await admin.post(`/api/integration-keys/${id}/revoke`);
      expect(revoked.status).toBe(200);
      expect(typeof revoked.body.data?.rows[0]?.revoked_at).toBe('string');
      const afterRevoke = await onSecond();
      expect(afterRevoke.statusCode).toBe(401);
      expect(afterRevoke.json()).toEqual({ success: false, error: { message: 'A valid bot API key is required (Authorization: Bearer <BOT_API_KEY>).' } });
      expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(401);
    } finally {
      await second.app.close();
    }
    expect((await admin.post(`/api/integration-keys/${id}/revoke`)).status).toBe(409);
    expect((await admin.post(`/api/integration-keys/${id}/scopes`, { scopes: ['ratings'] })).status).toBe(409);
    expect((await admin.post('/api/integration-keys/999999/revoke')).status).toBe(404);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['integration_key_created', 'integration_key_revoked']);
  });

  it('is refused (401) like an unknown key once it has expired', async () => {
    const { id, key } = await createKey(['exchanges'], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(200);
    // Its hour passes.
    await testApp.db.execute(sql`UPDATE integration_keys SET expires_at = now() - interval '1 second' WHERE id = ${id}`);
    const expired = await botPost(testApp, '/api/bot/messages', exchange(), key);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('is refused when any character of it is wrong', async () => {
    const { key } = await createKey(['exchanges']);
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expect((await botPost(testApp, '/api/bot/messages', exchange(), `${key.slice(0, -1)}${last}`)).status).toBe(401);
  });

  it('overlaps with another key: both work until the old one is revoked, so rotating needs no downtime', async () => {
    const old = await createKey(['exchanges']);
    const fresh = await createKey(['exchanges']);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), old.key)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), fresh.key)).status).toBe(200);
    expect((await admin.post(`/api/integration-keys/${old.id}/revoke`)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), old.key)).status).toBe(401);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), fresh.key)).status).toBe(200);
  });

  it('writes its last use at most once a minute, not on every call', async () => {
    const { id, key } = await createKey(['exchanges']);
    const lastUsed = async () => (await sqlRows<{ t: string | Date | null }>(testApp.db, sql`SELECT last_used_at AS t FROM integration_keys WHERE id = ${id}`))[0]?.t;
    expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(200);
    expect(await lastUsed()).toEqual(first);
    await testApp.db.execute(sql`UPDATE integration_keys SET last_used_at = now() - interval '61 seconds' WHERE id = ${id}`);
    const moved = await lastUsed();
    expect((await botPost(testApp, '/api/bot/messages', exchange(), key)).status).toBe(200);
    expect(new Date(String(await lastUsed())).getTime()).toBeGreaterThan(new Date(String(moved)).getTime());
  });

  it('leaves BOT_API_KEY, the bootstrap key, working on every call as before', async () => {
    const history = await insertHistory(testApp.db);
    expect((await botPost(testApp, '/api/bot/messages', exchange(), TEST_BOT_API_KEY)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/feedback', { history_id: history.id, rating: 'up' }, TEST_BOT_API_KEY)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/help-requests', { name: 'Vera', email: 'vera@example.com', message: 'Hi' }, TEST_BOT_API_KEY)).status).toBe(200);
    expect((await botPost(testApp, '/api/bot/knowledge/search', { query: 'hours' }, TEST_BOT_API_KEY)).status).toBe(200);
  });
});

describe('without BOT_API_KEY', () => {
  it('is switched off (503) until an integration key exists, then takes that key and refuses others with 401', async () => {
    const keyless = await createTestApp({ BOT_API_KEY: '' });
    try {
      expect((await botPost(keyless, '/api/bot/messages', exchange(), 'whatever-key-1234567890')).status).toBe(503);
      const { client } = await keyless.signedInClient('admin');
      const { key } = await createKey(['exchanges'], {}, client);
      expect((await botPost(keyless, '/api/bot/messages', exchange(), key)).status).toBe(200);
      expect((await botPost(keyless, '/api/bot/messages', exchange(), TEST_BOT_API_KEY)).status).toBe(401);
    } finally {
      await keyless.close();
    }
  });
});

describe("Home's first-run checklist", () => {
  it('counts the integration keys that work as a connected chatbot, without BOT_API_KEY', async () => {
    const keyless = await createTestApp({ BOT_API_KEY: '' });
    try {
      const { client } = await keyless.signedInClient('admin');
      const facts = async () => (await client.get('/api/getting-started')).body.data?.rows[0] as { bot_api_key_configured: boolean; integration_keys: number };
      expect(await facts()).toMatchObject({ bot_api_key_configured: false, integration_keys: 0 });
      const { id } = await createKey(['exchanges'], {}, client);
      await createKey(['ratings'], { expires_at: new Date(Date.now() + 86_400_000).toISOString() }, client);
      // A key for the exports alone is no chatbot.
      await createKey(['exports'], {}, client);
      expect((await facts()).integration_keys).toBe(2);
      expect((await client.post(`/api/integration-keys/${id}/revoke`, {})).status).toBe(200);
      expect((await facts()).integration_keys).toBe(1);
    } finally {
      await keyless.close();
    }
  });
});
