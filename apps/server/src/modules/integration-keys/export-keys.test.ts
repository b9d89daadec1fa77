import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_KEY_MESSAGES, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import { SCRIPTED_CALL_HEADER, SCRIPTED_CALL_MESSAGES } from '@steward/contract/scripted-calls';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../../test/test-app.ts';

// Issue 57 (docs/integrations.md): an integration key with the scope `exports` calls GET /api/export/{list} with
// `Authorization: Bearer <key>`, no session and no scripted-call header; any other key is refused and audited; the
// staff path (a session and the dashboard's header) is unchanged. Through the real HTTP stack.

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Export Admin' }));
  await insertHistory(testApp.db, { time: new Date('2030-02-01T10:00:00Z'), country: 'DE', userMessage: 'Write to ada@example.com please' });
});
afterAll(() => testApp.close());

let counter = 0;
async function createKey(scopes: IntegrationKeyScope[]): Promise<{ id: number; key: string; name: string }> {
  const name = `Warehouse ${(counter += 1)}`;
  const answer = await admin.post('/api/integration-keys', { name, scopes });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const row = answer.body.data?.rows[0] as { id: number; key: string };
  return { id: row.id, key: row.key, name };
}

/** A call as an integration sends it: curl or a script, the key and nothing else (no cookie, no dashboard header). */
async function exportWith(path: string, headers: Record<string, string>): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${testApp.baseUrl}${path}`, { headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const lastAudit = async () =>
  (
    await sqlRows<{ action: string; actor_id: number | null; actor_name: string | null; object_type: string; object_id: number | null; details: Record<string, unknown>; ip: string }>(
      testApp.db,
      sql`SELECT action, actor_id, actor_name, object_type, object_id, details, ip FROM audit_log ORDER BY id DESC LIMIT 1`,
    )
  )[0];

const exportEntries = async (): Promise<number> =>
  Number((await sqlRows<{ n: string | number }>(testApp.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = 'data_exported'`))[0]?.n);

describe('an integration key with the scope exports', () => {
  it('downloads each export with the key alone, audited as data_exported by the key, and notes its use', async () => {
    const { id, key, name } = await createKey(['exports']);
    const history = await exportWith('/api/export/history?format=csv&country=DE', { authorization: `Bearer ${key}` });
    expect(history.status, history.text).toBe(200);
    expect(history.headers.get('content-disposition')).toMatch(/^attachment; filename="steward-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(history.text, { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(await lastAudit()).toMatchObject({
      action: 'data_exported',
      actor_id: null,
      actor_name: `Integration key ${name}`,
      object_type: 'export',
      ip: '127.0.0.1',
      details: { list: 'history', format: 'csv', filters: JSON.stringify({ tz: 0, country: 'DE' }) },
    });
    for (const path of ['/api/export/feedback?format=jsonl', '/api/export/help-requests', '/api/export/audit-log?format=jsonl']) {
      const answer = await exportWith(path, { authorization: `Bearer ${key}` });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
    const row = (await admin.get('/api/integration-keys')).body.data?.rows.find((entry) => entry.id === id);
    expect(row?.last_used_ip).toBe('127.0.0.1');
  });

  it("masks visitors' personal data in what it exports, with the dashboard's masking off", async () => {
    const { key } = await createKey(['exports']);
    const answer = await exportWith('/api/export/history?format=jsonl&country=DE', { authorization: `Bearer ${key}` });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('ada@example.com');
    expect(answer.text).toContain('a•••@example.com');
    // The same list downloaded by the administrator is whole, as the spec shows it.
    const whole = await fetch(`${testApp.baseUrl}/api/export/history?format=jsonl&country=DE`, {
      headers: { cookie: `steward_session=${admin.sessionCookie ?? ''}`, [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value },
    });
    expect(await whole.text()).toContain('ada@example.com');
  });
});

describe('other keys on the exports', () => {
  it('refuses a key without the scope (403), exports nothing and audits the refusal with the call and scope', async () => {
    const { id, key } = await createKey(['exchanges', 'ratings', 'help_requests', 'knowledge_search']);
    const before = await exportEntries();
    const refused = await exportWith('/api/export/history?format=csv', { authorization: `Bearer ${key}` });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ success: false, error: { message: INTEGRATION_KEY_MESSAGES.outsideScope('exports') } });
    expect(await exportEntries()).toBe(before);
    expect(await lastAudit()).toMatchObject({
      action: 'integration_key_refused',
      object_type: 'integration_key',
      object_id: id,
      details: { call: 'GET /api/export/history', scope: 'exports' },
    });
  });

  it('refuses BOT_API_KEY, the bootstrap key (403): it opens the bot API only', async () => {
    const before = await exportEntries();
    const refused = await exportWith('/api/export/feedback', { authorization: `Bearer ${TEST_BOT_API_KEY}` });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).error.message).toBe(INTEGRATION_KEY_MESSAGES.bootstrapOutsideScope('exports'));
    expect(await exportEntries()).toBe(before);
    expect(await lastAudit()).toMatchObject({ action: 'integration_key_refused', actor_name: 'BOT_API_KEY', object_type: 'integration_key', object_id: null });
  });

  it('refuses an unknown or revoked key (401), even beside an administrator’s session cookie', async () => {
    const { id, key } = await createKey(['exports']);
    expect((await admin.post(`/api/integration-keys/${id}/revoke`, {})).status).toBe(200);
    const before = await exportEntries();
    for (const presented of [key, 'stw_000000000000_not-a-key', 'whatever']) {
      const refused = await exportWith('/api/export/history', {
        authorization: `Bearer ${presented}`,
        cookie: `steward_session=${admin.sessionCookie ?? ''}`,
        [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value,
      });
      expect(refused.status, presented).toBe(401);
      expect(JSON.parse(refused.text).error.message).toBe(INTEGRATION_KEY_MESSAGES.keyRequired);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(await exportEntries()).toBe(before);
  });
});

describe('the staff path, unchanged', () => {
  it('still needs a session with export_data and the dashboard’s scripted-call header', async () => {
    const cookie = `steward_session=${admin.sessionCookie ?? ''}`;
    const unscripted = await exportWith('/api/export/history', { cookie });
    expect(unscripted.status).toBe(403);
    expect(JSON.parse(unscripted.text).error.message).toBe(SCRIPTED_CALL_MESSAGES.refused);
    const scripted = await exportWith('/api/export/history', { cookie, [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value });
    expect(scripted.status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'data_exported', actor_name: 'Export Admin' });
    expect((await exportWith('/api/export/history', { [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value })).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('says each export takes a staff session or an integration key, and names the key scheme', async () => {
    const document = (await admin.get('/api/docs/json')).body as unknown as {
      paths: Record<string, { get?: { security?: Record<string, string[]>[]; description?: string } }>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.integrationKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const list of ['history', 'feedback', 'help-requests', 'audit-log']) {
      const operation = document.paths[`/api/export/${list}`]?.get;
      expect(operation?.security, list).toEqual([{ staffSession: [] }, { integrationKey: [] }]);
      expect(operation?.description, list).toContain('scope exports');
    }
    // The webhook bodies are still among the components beside the schemes.
    expect(Object.keys(document.components.schemas)).toContain('WebhookPayload.help_request.created');
  });
});
